// What an input's own files are named after, shared by the hub (several inputs of one run) and the
// CLI's folder runs: its stem, and a format's folder options moved under it (FormatOption.folder).
// Pure: file names only, no file access.
import { ADAPTERS } from "./adapters/registry.js";

/**
 * The file-name ending inputStem removes: each format's own name and the middle part of its output
 * suffix ("agent" of ".agent.json") as infixes. Made on first use: a one-file run never names an
 * output from its input's stem, and compiling these patterns is a tenth of a millisecond of a start.
 */
let stemEnding: RegExp | undefined;
function stemPattern(): RegExp {
  if (stemEnding) return stemEnding;
  const infixes = [...new Set(ADAPTERS.flatMap((a) => [a.id, ...(/^\.([a-z0-9-]+)\.[a-z]+$/i.exec(a.suffix)?.slice(1) ?? [])]))];
  return (stemEnding = new RegExp(`(\\.(${infixes.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")}))?\\.(json|ya?ml|agent)$`, "i"));
}

/** "triage.caplo.json" → "triage", "a.agent.json" → "a", "x.yaml" → "x": every registered format's infix is removed. */
export function inputStem(file: string): string {
  const base = file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);
  return base.replace(stemPattern(), "") || "output";
}

/** `options` with each folder option a format declares (FormatOption.folder) that is set moved under `<value>/<stem>`; `options` itself when none is. */
export function inputFolders<T extends object>(options: T, stem: string): T {
  let out = options;
  for (const a of ADAPTERS) {
    for (const o of a.options ?? []) {
      const v: unknown = (options as Record<string, unknown>)[o.key];
      if (o.folder === true && typeof v === "string" && v !== "") out = { ...out, [o.key]: `${v.replace(/[\\/]+$/, "")}/${stem}` };
    }
  }
  return out;
}

/**
 * The files that supply parts to `file` (Adapter.supplies) in the order its parse reads them: those
 * written in its own syntax (file extension) first, so a run holding a pair in JSON and in YAML pairs
 * each main file with its own copy of the components file (the first supplier defining an id gives
 * it), and neither copy is left over.
 */
export function sameSyntaxFirst<T>(suppliers: readonly T[], file: string, nameOf: (s: T) => string = (s) => String(s)): T[] {
  const ext = (f: string) => f.slice(f.lastIndexOf(".")).toLowerCase().replace(".yml", ".yaml");
  const mine = ext(file);
  return [...suppliers.filter((s) => ext(nameOf(s)) === mine), ...suppliers.filter((s) => ext(nameOf(s)) !== mine)];
}

