// Shortening strings to a Caplo length limit without cutting a word in half.
// Lengths are in code points, as JSON Schema's maxLength counts them.

/** At most `max` code points, cut at the last space when one lies in the last 40 %. */
export function truncateAtWord(s: string, max: number): string {
  const chars = [...s];
  if (chars.length <= max) return s;
  const cut = chars.slice(0, max).join("");
  const space = cut.lastIndexOf(" ");
  const out = space >= 0 && [...cut.slice(0, space)].length >= max * 0.6 ? cut.slice(0, space) : cut;
  return out.trimEnd() || cut;
}
