// Shortening strings to a Caplo length limit without cutting a word in half.

/** At most `max` UTF-16 code units, cut at the last space when one is reasonably near the end. */
export function truncateAtWord(s: string, max: number): string {
  if (s.length <= max) return s;
  let cut = s.slice(0, max);
  // Never split a surrogate pair.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(" ");
  const out = space >= max * 0.6 ? cut.slice(0, space) : cut;
  return out.trimEnd() || cut;
}
