/**
 * A sign-up failure whose message is written for the student (spec section 8, "Signup"). Any
 * other error is unexpected, and the details step shows the spec's generic message instead.
 */
export class SignupError extends Error {
  override name = 'SignupError';
}

/**
 * The invite was used by an account that exists, and the passport number and birth date are
 * right too: the student signs in, or recovers the account on a new phone.
 */
export class HasAccountError extends SignupError {
  override name = 'HasAccountError';
}
