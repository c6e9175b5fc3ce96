// The one slug rule for agent keys (docs/decisions.md): NFKD, camel-case words apart, lowercase, runs of
// other characters become "-", trimmed, prefixed "agent-" when it would not start
// with a letter.
export function slugKey(text: string): string {
  // A text that is already a key stays one: slugging must be idempotent, or a key
  // such as "a-" or "a--b" comes back as "a" or "a-b" after a round trip through an id.
  if (/^[a-z][a-z0-9-]*$/.test(text)) return text;
  const s = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    // Words run together in camel case are words: GeneralPractitioner → general-practitioner, HTTPServer → http-server.
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (s === "") return "agent";
  return /^[a-z]/.test(s) ? s : `agent-${s}`;
}

/** De-duplicates in order: the second "x" becomes "x-2", the third "x-3". */
export function uniqueKeys(keys: readonly string[]): string[] {
  const used = new Set<string>();
  return keys.map((k) => {
    let candidate = k;
    for (let n = 2; used.has(candidate); n++) candidate = `${k}-${n}`;
    used.add(candidate);
    return candidate;
  });
}
