import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type ZipEntry, zipStream } from './zip-stream.js';

async function* entries(list: ZipEntry[]): AsyncGenerator<ZipEntry> {
  yield* list;
}

describe('zipStream', () => {
  it('writes every entry, compressed or stored, with names in any script', async () => {
    const video = Buffer.alloc(300_000, 7);
    const zip = await buffer(
      zipStream(
        entries([
          { name: 'data/students.json', content: [Buffer.from('[{"a":1}]')], compress: true },
          {
            name: 'files/documents/Zeugnis-Müller-证书.pdf',
            content: Readable.from([video.subarray(0, 100_000), video.subarray(100_000)]),
            compress: false,
          },
          { name: 'empty.txt', content: [], compress: true },
        ]),
      ),
    );
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files)).toEqual([
      'data/students.json',
      'files/documents/Zeugnis-Müller-证书.pdf',
      'empty.txt',
    ]);
    expect(strFromU8(files['data/students.json'] ?? new Uint8Array())).toBe('[{"a":1}]');
    expect(Buffer.from(files['files/documents/Zeugnis-Müller-证书.pdf'] ?? []).equals(video)).toBe(
      true,
    );
    expect(files['empty.txt']?.length).toBe(0);
  });

  it('reads an entry only when the reader gets to it, and stops reading when the reader leaves', async () => {
    const opened: string[] = [];
    async function* lazy(): AsyncGenerator<ZipEntry> {
      for (const name of ['a', 'b', 'c']) {
        opened.push(name);
        yield { name, content: [Buffer.alloc(64 * 1024, 1)], compress: false };
      }
    }
    const stream = zipStream(lazy());
    const first: unknown = await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(first).toBeInstanceOf(Buffer);
    expect(opened).toEqual(['a']);
  });
});
