// The closest known name to a mistyped one ("did you mean …?"), for the CLI's commands, options and
// formats, and for a policy's codes and effects (src/policy.ts): pure, so the library says it too.

/**
 * Edit distance where two swapped neighbours are one edit (optimal string alignment: `--form` is
 * one edit from `--from`, as a typist makes it), with an early exit once every path exceeds `max`.
 */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** The one closest candidate, if it is near enough to be what was meant (ties: none). */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const max = word.length <= 3 ? 1 : 2;
  let found: string | undefined;
  let at = max + 1;
  let tie = false;
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase(), max);
    if (d < at) [found, at, tie] = [c, d, false];
    else if (d === at) tie = true;
  }
  return found !== undefined && !tie && at <= max ? found : undefined;
}

