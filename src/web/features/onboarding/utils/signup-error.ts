/**
 * A sign-up failure whose message is written for the student (spec section 8, "Signup"). Any
 * other error is unexpected, and the details step shows the spec's generic message instead.
 */
export class SignupError extends Error {
  override name = 'SignupError';
}
