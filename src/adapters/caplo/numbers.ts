// Fitting numbers into Caplo's ranges; callers report any change as "clamped-value".
import type { Range } from "./spec.js";

export function fit(v: number, range: Range): number {
  const n = range.integer ? Math.round(v) : v;
  return Math.min(range.max, Math.max(range.min, n));
}

export function describeRange(range: Range): string {
  return `${range.min}..${range.max}${range.integer ? " (whole numbers)" : ""}`;
}

/** Caplo minConfidence: 0.6..0.99 in steps of 0.01. */
export function fitConfidence(v: number): number {
  return Math.min(0.99, Math.max(0.6, Math.round(v * 100) / 100));
}
