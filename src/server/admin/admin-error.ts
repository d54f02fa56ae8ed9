/**
 * A refusal the operator should read: bad input, an unknown student, a file that is not there.
 * The command line prints the message as it is (no stack) and exits with `exitCode`; nothing
 * has been written when one is thrown, since commands check before they write and write in one
 * transaction.
 */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'AdminError';
  }
}

/** The command line itself was wrong (an unknown option, a missing argument): exit code 2. */
export class UsageError extends AdminError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}
