import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.js';
import { inspectUpload, type UploadRules } from './inspect-upload.js';

/** A made-up format: files that start with "OK!" are 'ok'; the decision needs three bytes. */
const rules: UploadRules<'ok'> = {
  headLength: 3,
  detect: (head) => (Buffer.from(head.subarray(0, 3)).toString() === 'OK!' ? 'ok' : null),
  maxBytes: 10,
  messages: { wrongType: 'wrong type', tooLarge: 'too large', unreadable: 'unreadable' },
};

async function* chunksOf(...parts: string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

async function readAll(chunks: AsyncGenerator<Buffer>): Promise<string> {
  const read: Buffer[] = [];
  for await (const chunk of chunks) read.push(chunk);
  return Buffer.concat(read).toString();
}

async function refusal(chunks: AsyncGenerator<Buffer>): Promise<HttpError> {
  const error = await readAll(chunks).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('inspectUpload', () => {
  it('passes every byte through once the head shows an allowed type, and reports the size', async () => {
    const inspected = inspectUpload(chunksOf('O', 'K', '!abc', 'def'), rules);
    expect(await readAll(inspected.chunks)).toBe('OK!abcdef');
    expect(inspected.result()).toEqual({ type: 'ok', size: 9 });
  });

  it('takes a file of exactly the limit', async () => {
    const inspected = inspectUpload(chunksOf('OK!', '1234567'), rules);
    expect(await readAll(inspected.chunks)).toBe('OK!1234567');
    expect(inspected.result().size).toBe(10);
  });

  it('refuses the byte past the limit with 413 before passing it on', async () => {
    const inspected = inspectUpload(chunksOf('OK!', '1234567', '8'), rules);
    const passed: string[] = [];
    const error = await (async () => {
      try {
        for await (const chunk of inspected.chunks) passed.push(chunk.toString());
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ statusCode: 413, message: 'too large' });
    expect(passed.join('')).toBe('OK!1234567');
  });

  it('refuses with 415 as soon as the head is known, passing nothing', async () => {
    let pulled = 0;
    async function* counted(): AsyncGenerator<Buffer> {
      for (const part of ['<ht', 'ml>', 'rest']) {
        pulled += 1;
        yield Buffer.from(part);
      }
    }
    const error = await refusal(inspectUpload(counted(), rules).chunks);
    expect(error).toMatchObject({ statusCode: 415, message: 'wrong type' });
    expect(pulled).toBe(1);
  });

  it('decides a file shorter than the head on the bytes it has; empty is refused', async () => {
    expect(await refusal(inspectUpload(chunksOf('OK'), rules).chunks)).toMatchObject({
      statusCode: 415,
    });
    expect(await refusal(inspectUpload(chunksOf(), rules).chunks)).toMatchObject({
      statusCode: 415,
    });
  });

  it('turns a failure of the source into a 400 of the request, keeping the cause', async () => {
    const broken = new Error('socket hang up');
    async function* source(): AsyncGenerator<Buffer> {
      yield Buffer.from('OK!');
      throw broken;
    }
    const error = await refusal(inspectUpload(source(), rules).chunks);
    expect(error).toMatchObject({ statusCode: 400, message: 'unreadable' });
    expect(error.cause).toBe(broken);
  });

  it('has no result before the bytes were read', () => {
    expect(() => inspectUpload(chunksOf('OK!'), rules).result()).toThrow(/before the chunks/);
  });
});
