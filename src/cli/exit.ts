// Exit codes are a public contract (docs/cli.md).
export const EXIT = {
  /** Converted; warnings allowed. */
  ok: 0,
  /** --strict and at least one warning: nothing written. */
  strict: 1,
  /** Invalid input or usage: nothing written, at least one error diagnostic. */
  invalid: 2,
  /** An unexpected internal error (a bug). */
  internal: 3,
} as const;
