/**
 * A refusal a route answers as `{ message }` with its status; the error handler sends 4xx messages
 * as they are, so they must be written for the student (or the API caller) to read.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}
