import { HttpError } from './http-error.js';

/** What an upload may be, and what the student is told when it is not. */
export interface UploadRules<TType> {
  /** How many leading bytes `detect` needs; a shorter file is decided on the bytes it has. */
  headLength: number;
  /** The type the first bytes show, or null to refuse the file. A name proves nothing. */
  detect: (head: Uint8Array) => TType | null;
  /** The most bytes accepted; one more is refused. */
  maxBytes: number;
  messages: {
    /** 415: the first bytes show no allowed type. */
    wrongType: string;
    /** 413: the file passed `maxBytes`. */
    tooLarge: string;
    /** 400: the upload itself broke off (the client went away, a truncated body). */
    unreadable: string;
  };
}

export interface InspectedUpload<TType> {
  /**
   * The file's bytes, checked as they stream past. Nothing passes until the first bytes show an
   * allowed type (415 otherwise); the byte past the limit throws 413 at once, not at the end.
   */
  chunks: AsyncGenerator<Buffer>;
  /** What the checks found, once `chunks` has been read to its end. */
  result(): { type: TType; size: number };
}

/**
 * Checks an upload while it streams, so it is never held whole in memory and a refusal comes as
 * soon as the bytes that decide it have arrived. Each upload route brings its own rules.
 */
export function inspectUpload<TType>(
  source: AsyncIterable<Buffer>,
  rules: UploadRules<TType>,
): InspectedUpload<TType> {
  let type: TType | null = null;
  let size = 0;

  const decide = (head: Buffer): TType => {
    const detected = rules.detect(head);
    if (detected === null) throw new HttpError(415, rules.messages.wrongType);
    return detected;
  };

  async function* chunks(): AsyncGenerator<Buffer> {
    let head = Buffer.alloc(0);
    for await (const chunk of readSource(source, rules.messages.unreadable)) {
      size += chunk.length;
      if (size > rules.maxBytes) throw new HttpError(413, rules.messages.tooLarge);
      if (type !== null) {
        yield chunk;
        continue;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length >= rules.headLength) {
        type = decide(head);
        yield head;
      }
    }
    if (type === null) {
      // A file shorter than the head: decided on what there is (empty: refused).
      type = decide(head);
      yield head;
    }
  }

  return {
    chunks: chunks(),
    result() {
      if (type === null) throw new Error('inspectUpload: result() before the chunks were all read');
      return { type, size };
    },
  };
}

/**
 * A failure of the upload itself (the client went away, the multipart body broke off) is the
 * request's fault, a 400, not the server's: it is told apart here from the storage's failures.
 */
async function* readSource(
  source: AsyncIterable<Buffer>,
  unreadable: string,
): AsyncGenerator<Buffer> {
  try {
    yield* source;
  } catch (cause) {
    throw new HttpError(400, unreadable, { cause });
  }
}
