// The options only AgentMug reads: the CLI builds its flags and help from these, the
// library takes them as EmitOptions.includePrivate and EmitOptions.exportedAt.
import type { FormatOption } from "../types.js";

// RFC 3339 date-time, as AgentMug's exportedAt requires (the calendar is checked below).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(?:[Zz]|[+-]\d{2}:\d{2})$/;

export function isDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, sec] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h < 24 && mi < 60 && sec < 61;
}

export const OPTIONS: readonly FormatOption[] = [
  // The way back into AgentMug keeps the private data too, as the way there did.
  { key: "includePrivate", flag: "include-private", type: "boolean", describe: "keep AgentMug private brain/memory", roundTrip: true },
  {
    key: "exportedAt",
    flag: "exported-at",
    type: "string",
    describe: "timestamp for AgentMug exportedAt (default: the source's, else 1970-01-01T00:00:00Z)",
    check: (v) => (isDateTime(v) ? undefined : "needs an RFC 3339 date-time such as 2026-01-31T12:00:00Z"),
  },
];
