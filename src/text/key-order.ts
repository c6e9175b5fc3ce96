// When an object's key order says what its text said. JavaScript lists an object's
// keys in insertion order (which JSON.parse and the YAML reader follow: the text's
// order) except for canonical array indexes ("0", "2", "4294967294"), listed first
// in ascending order. Only an object holding such a key needs its text read again.

/** Whether `key` is a canonical array index: an integer 0 … 2³² − 2 spelled as String(n) spells it. */
export function isArrayIndex(key: string): boolean {
  const c = key.charCodeAt(0);
  if (!(c >= 0x30 && c <= 0x39) || key.length > 10) return false; // NaN for ""
  if (key.length === 1) return true;
  if (c === 0x30) return false; // "01" is no index
  for (let i = 1; i < key.length; i++) {
    const d = key.charCodeAt(i);
    if (d < 0x30 || d > 0x39) return false;
  }
  return key.length < 10 || Number(key) <= 4294967294;
}

/** Whether Object.keys of an object with these keys may differ from the order they were inserted in. */
export function mayReorder(keys: readonly string[]): boolean {
  for (const k of keys) if (isArrayIndex(k)) return true;
  return false;
}
