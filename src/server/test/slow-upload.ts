import { randomBytes } from 'node:crypto';
import { request } from 'node:http';

/** How an upload ended, as its client saw it. */
export type UploadOutcome =
  { kind: 'answered'; status: number; body: string } | { kind: 'closed'; error: string };

/** An upload whose body is sent in two halves, the second only when the test says so. */
export interface SlowUpload {
  /** The file's bytes, as the server should store them. */
  bytes: Buffer;
  /** Sends the rest of the body. An upload never finished stays in flight until the server acts. */
  finish(): void;
  outcome: Promise<UploadOutcome>;
}

export interface SlowUploadOptions {
  url: string;
  token: string;
  /** The multipart field: `file` for documents, `video` for MOI answers. */
  field: string;
  fileName: string;
  /** The file's first bytes (its type's signature); random bytes fill it up to `size`. */
  head: Buffer;
  size: number;
}

/**
 * Starts a multipart upload of one file, as a browser sends it (with its Content-Length), over a
 * connection of its own, and sends the first half of the file at once: the server is then
 * streaming it to a temporary file when the test kills or stops it.
 */
export function startSlowUpload({
  url,
  token,
  field,
  fileName,
  head,
  size,
}: SlowUploadOptions): SlowUpload {
  const bytes = Buffer.concat([head, randomBytes(size - head.length)]);
  const boundary = `reliability${randomBytes(8).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(size / 2);

  const req = request(url, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': preamble.length + size + epilogue.length,
    },
  });
  const outcome = new Promise<UploadOutcome>((resolve) => {
    const closed = (error: Error) => {
      resolve({ kind: 'closed', error: error.message });
    };
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ kind: 'answered', status: res.statusCode ?? 0, body });
      });
      res.on('error', closed);
    });
    req.on('error', closed);
  });
  req.write(Buffer.concat([preamble, bytes.subarray(0, half)]));
  return {
    bytes,
    finish: () => {
      req.end(Buffer.concat([bytes.subarray(half), epilogue]));
    },
    outcome,
  };
}
