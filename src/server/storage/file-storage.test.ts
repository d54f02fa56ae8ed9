import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3TestServer } from '../test/s3-test-server.js';
import { type FileStorage, newStorageKey } from './file-storage.js';
import { createLocalDiskStorage } from './local-disk-storage.js';
import { createS3Storage } from './s3-storage.js';

interface StorageUnderTest {
  storage: FileStorage;
  stop(): Promise<void>;
}

const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** The same contract runs against each adapter; S3 is a real S3 server on loopback (s3rver). */
const adapters: { name: string; start(): Promise<StorageUnderTest> }[] = [
  {
    name: 'local disk',
    async start() {
      const directory = tempDir('portal-storage-');
      return {
        storage: createLocalDiskStorage(join(directory, 'files')),
        stop: async () => {
          rmSync(directory, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    async start() {
      const server = await startS3TestServer();
      const storage = createS3Storage(server.settings);
      return {
        storage,
        async stop() {
          storage.close();
          await server.stop();
        },
      };
    },
  },
];

const MB = 1024 * 1024;

async function* chunks(count: number, size: number, failAfter?: Error) {
  for (let i = 0; i < count; i += 1) yield Buffer.alloc(size, i);
  if (failAfter) throw failAfter;
}

async function digestOf(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether anything is stored under `key`; the stream opened to find out is closed again. */
async function holds(storage: FileStorage, key: string): Promise<boolean> {
  const stream = await storage.read(key);
  stream?.destroy();
  return stream !== null;
}

const digestOfChunks = (count: number, size: number) => {
  const hash = createHash('sha256');
  for (let i = 0; i < count; i += 1) hash.update(Buffer.alloc(size, i));
  return hash.digest('hex');
};

const inAMinute = () => new Date(Date.now() + 60_000);
const aMinuteAgo = () => new Date(Date.now() - 60_000);

describe.each(adapters)('file storage contract: $name', (adapter) => {
  let under: StorageUnderTest;
  let storage: FileStorage;
  beforeAll(async () => {
    under = await adapter.start();
    storage = under.storage;
  });
  afterAll(() => under.stop());
  // Each test starts with no temporary files, so counts of swept files are its own.
  beforeEach(async () => {
    await storage.sweepTemporary(inAMinute());
  });

  it('shows a file under its final key only once it is promoted, whole', async () => {
    const temporaryKey = await storage.writeTemporary(chunks(3, 1000));
    const key = newStorageKey('documents');
    expect(await holds(storage, key)).toBe(false);
    await storage.promote(temporaryKey, key);
    expect(await digestOf(await storage.read(key))).toBe(digestOfChunks(3, 1000));
    expect(await holds(storage, temporaryKey)).toBe(false);
  });

  it('streams a file larger than one S3 part and gives back every byte', async () => {
    const temporaryKey = await storage.writeTemporary(chunks(12, MB));
    const key = newStorageKey('documents');
    await storage.promote(temporaryKey, key);
    expect(await digestOf(await storage.read(key))).toBe(digestOfChunks(12, MB));
  });

  it('reads a range of a file: the bytes from its start to its end, both included', async () => {
    const key = newStorageKey('moi-videos');
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await storage.promote(await storage.writeTemporary(Readable.from([bytes])), key);
    const read = async (range: { start: number; end: number }) => {
      const stream = await storage.read(key, range);
      const parts: Buffer[] = [];
      for await (const chunk of stream ?? []) parts.push(chunk as Buffer);
      return Buffer.concat(parts);
    };
    expect(await read({ start: 10, end: 19 })).toEqual(bytes.subarray(10, 20));
    expect(await read({ start: 255, end: 255 })).toEqual(bytes.subarray(255));
    expect(await read({ start: 0, end: 255 })).toEqual(bytes);
    expect(await storage.read(newStorageKey('moi-videos'), { start: 0, end: 1 })).toBeNull();
  });

  it("keeps nothing when the content fails midway, and rejects with the content's own error", async () => {
    const clientLeft = new Error('the client went away');
    await expect(storage.writeTemporary(chunks(6, MB, clientLeft))).rejects.toBe(clientLeft);
    await expect(storage.writeTemporary(chunks(1, 10, clientLeft))).rejects.toBe(clientLeft);
    expect(await storage.sweepTemporary(inAMinute())).toBe(0);
  });

  it('keeps nothing when the content is refused before its first byte, however often', async () => {
    // A refusal on the first chunk races the file's creation (seen under load in CI, not
    // reproducible on demand): whichever comes first, no temporary file may outlive the refusal.
    const refused = new Error('not a PDF');
    // eslint-disable-next-line require-yield -- the content fails before it yields anything
    const failingAtOnce = async function* (): AsyncGenerator<Buffer> {
      throw refused;
    };
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => storage.writeTemporary(failingAtOnce())),
    );
    expect(results.every((r) => r.status === 'rejected' && r.reason === refused)).toBe(true);
    expect(await storage.sweepTemporary(inAMinute())).toBe(0);
  });

  it('keeps an empty file', async () => {
    const temporaryKey = await storage.writeTemporary(chunks(0, 0));
    const key = newStorageKey('documents');
    await storage.promote(temporaryKey, key);
    expect(await digestOf(await storage.read(key))).toBe(digestOfChunks(0, 0));
  });

  it('removes a file, and removing it again is not an error', async () => {
    const key = newStorageKey('documents');
    await storage.promote(await storage.writeTemporary(chunks(1, 10)), key);
    await storage.remove(key);
    expect(await holds(storage, key)).toBe(false);
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('sweeps only temporary files, and only those older than asked', async () => {
    const leftovers = [
      await storage.writeTemporary(chunks(1, 10)),
      await storage.writeTemporary(chunks(1, 10)),
    ];
    const key = newStorageKey('documents');
    await storage.promote(await storage.writeTemporary(chunks(1, 10)), key);

    expect(await storage.sweepTemporary(aMinuteAgo())).toBe(0);
    for (const leftover of leftovers) expect(await holds(storage, leftover)).toBe(true);
    expect(await storage.sweepTemporary(inAMinute())).toBe(2);
    for (const leftover of leftovers) expect(await holds(storage, leftover)).toBe(false);
    expect(await digestOf(await storage.read(key))).toBe(digestOfChunks(1, 10));
  });

  it('refuses keys it did not make, so no name can reach outside its files', async () => {
    const temporaryKey = await storage.writeTemporary(chunks(1, 10));
    await expect(storage.read('../../etc/passwd')).rejects.toThrow(/Not a storage key/);
    await expect(storage.promote(temporaryKey, 'documents/../../escape')).rejects.toThrow(
      /Not a storage key/,
    );
    await expect(storage.remove('documents/report.pdf')).rejects.toThrow(/Not a storage key/);
    expect(() => newStorageKey('../documents')).toThrow(/Not a storage key/);
  });
});
