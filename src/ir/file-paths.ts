// File paths as the pure core names them: "/"-separated strings, never touched on disk.
// One set of rules for every place that joins a reference to the folder of the file that
// makes it (the hub's sibling inputs and caller names, an adapter's file references), so two
// spellings of one file are one key everywhere.

/** An absolute path ("/x", "\x", "C:\x"): not relative to any folder. */
export function isAbsolutePath(path: string): boolean {
  return /^[\\/]|^[A-Za-z]:[\\/]/.test(path);
}

/**
 * "a/./b/../c" → "a/c", "\" read as "/". A ".." that climbs above a relative start is kept
 * ("../x" names another file than "x"); above an absolute start it is dropped, as the
 * file system does. "" for the folder itself.
 */
export function normalisePath(path: string): string {
  const slash = path.replace(/\\/g, "/");
  const lead = slash.startsWith("/") ? "/" : "";
  const out: string[] = [];
  for (const part of slash.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (part !== ".." || lead === "") out.push(part);
  }
  return lead + out.join("/");
}

/** `rel` read from the folder `dir` ("" for the current one), normalised; an absolute `rel` stands alone. */
export function joinPath(dir: string, rel: string): string {
  return normalisePath(isAbsolutePath(rel) || dir === "" ? rel : `${dir}/${rel}`);
}

/** The folder of a file's path ("" when it has none). */
export function dirOf(path: string): string {
  const i = path.replace(/\\/g, "/").lastIndexOf("/");
  return i === -1 ? "" : path.slice(0, i);
}
