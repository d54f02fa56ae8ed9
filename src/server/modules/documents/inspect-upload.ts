import {
  DOCUMENT_MESSAGES,
  MAX_DOCUMENT_BYTES,
  type TDocumentType,
} from '../../../shared/documents.js';
import { HttpError } from '../../lib/http-error.js';
import { detectDocumentType, SIGNATURE_LENGTH } from './detect-document-type.js';

export interface InspectedUpload {
  /**
   * The file's bytes, checked as they stream past. Nothing passes until the first bytes show an
   * allowed type (415 otherwise); the byte past the limit throws 413 at once, not at the end.
   */
  chunks: AsyncGenerator<Buffer>;
  /** What the checks found, once `chunks` has been read to its end. */
  result(): { fileType: TDocumentType; fileSize: number };
}

export function inspectUpload(source: AsyncIterable<Buffer>): InspectedUpload {
  let fileType: TDocumentType | null = null;
  let fileSize = 0;

  const decide = (head: Buffer): TDocumentType => {
    const detected = detectDocumentType(head);
    if (!detected) throw new HttpError(415, DOCUMENT_MESSAGES.wrongType);
    return detected;
  };

  async function* chunks(): AsyncGenerator<Buffer> {
    let head = Buffer.alloc(0);
    for await (const chunk of readSource(source)) {
      fileSize += chunk.length;
      if (fileSize > MAX_DOCUMENT_BYTES) throw new HttpError(413, DOCUMENT_MESSAGES.tooLarge);
      if (fileType) {
        yield chunk;
        continue;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length >= SIGNATURE_LENGTH) {
        fileType = decide(head);
        yield head;
      }
    }
    if (!fileType) {
      // A file shorter than the longest signature: decided on what there is (empty: refused).
      fileType = decide(head);
      yield head;
    }
  }

  return {
    chunks: chunks(),
    result() {
      if (!fileType) throw new Error('inspectUpload: result() before the chunks were all read');
      return { fileType, fileSize };
    },
  };
}

/**
 * A failure of the upload itself (the client went away, the multipart body broke off) is the
 * request's fault, a 400, not the server's: it is told apart here from the storage's failures.
 */
async function* readSource(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* source;
  } catch (cause) {
    throw new HttpError(400, DOCUMENT_MESSAGES.unreadable, { cause });
  }
}
