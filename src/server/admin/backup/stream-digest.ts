import { createHash } from 'node:crypto';

export interface Digest {
  bytes: number;
  sha256: string;
}

type Chunk = Buffer | Uint8Array | string;

const toBuffer = (chunk: Chunk): Buffer => {
  if (typeof chunk === 'string') return Buffer.from(chunk);
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
};

/**
 * Counts and hashes bytes as they stream past, so a file is checked in the same pass that copies
 * it and is never held in memory whole. `through` goes between a source and where it is written;
 * `result` is read once the copy has finished.
 */
export function streamDigest() {
  const hash = createHash('sha256');
  let bytes = 0;
  const update = (chunk: Chunk): Buffer => {
    const buffer = toBuffer(chunk);
    hash.update(buffer);
    bytes += buffer.length;
    return buffer;
  };
  const through = async function* (source: AsyncIterable<Chunk>): AsyncGenerator<Buffer> {
    for await (const chunk of source) yield update(chunk);
  };
  const result = (): Digest => ({ bytes, sha256: hash.copy().digest('hex') });
  return { update, through, result };
}

/** The digest of a whole stream, read to its end. */
export async function digestOf(source: AsyncIterable<Chunk>): Promise<Digest> {
  const digest = streamDigest();
  for await (const chunk of source) digest.update(chunk);
  return digest.result();
}

export const sameDigest = (a: Digest, b: Digest) => a.bytes === b.bytes && a.sha256 === b.sha256;
