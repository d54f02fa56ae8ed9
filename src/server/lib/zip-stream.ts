import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of a zip: its path inside, its bytes as they come, and whether to compress them. */
export interface ZipEntry {
  name: string;
  content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** Text compresses; a PDF, a photo or a recording is compressed already and is stored. */
  compress: boolean;
}

/**
 * A zip of `entries` as a stream, written while it is read: an entry's content is only read once
 * the reader wants the bytes before it, so a zip of many recordings never sits in memory, and a
 * reader who goes away stops the reading (the generator's return closes the entry's source).
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}

async function* zipChunks(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate hands over each chunk of the zip from within push() and end(); they are yielded after.
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const flush = () => {
    if (failure) throw failure;
    return ready.splice(0);
  };
  for await (const entry of entries) {
    const file = entry.compress ? new ZipDeflate(entry.name) : new ZipPassThrough(entry.name);
    zip.add(file);
    for await (const chunk of entry.content) {
      file.push(chunk);
      yield* flush();
    }
    file.push(new Uint8Array(0), true);
    yield* flush();
  }
  zip.end();
  yield* flush();
}
