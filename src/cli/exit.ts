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

/** Error codes that are agentport's own bugs (an output its target refuses, an unexpected failure): exit 3, not bad input. */
const BUGS: ReadonlySet<string> = new Set(["output-invalid", "internal-error"]);

/** The exit code of a run whose own (not policy) errors are `errors`: 3 when one is a bug of agentport's, else 2. */
export function errorExit(errors: readonly { code: string }[]): number {
  return errors.some((d) => BUGS.has(d.code)) ? EXIT.internal : EXIT.invalid;
}
