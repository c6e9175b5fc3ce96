// The schema coverage matrix: what happens to every property path of each official
// schema on the way to each other format, joining the source's parse declaration with
// the target's emit declaration. docs/mapping.md is rendered from it (scripts/render-mapping.mjs).
import { effectOfDeclaration, emitDeclarationOf, parseDeclarationOf, type EmitDecl, type EmitRule, type FormatCoverage, type InertValues, type ParseRule, type ValueEffect } from "./coverage.js";
import { enumerateSchemaPaths } from "./schema-paths.js";
import { LOSS_ORDER, type Category } from "./diagnostics.js";

export type Status = "exact" | "transformed" | "stashed" | "dropped" | "ignored" | "undeclared";
/** The catalog category a loss status stands for; the others are no loss (ignored, exact) or unknown (undeclared). */
const CATEGORY_OF: Readonly<Partial<Record<Status, Category>>> = { transformed: "changed", stashed: "stashed", dropped: "dropped" };
/** How much of a value a status says is missing: by the catalog's LOSS_ORDER; ignored before exact, an undeclared path worst. */
function rank(s: Status): number {
  const c = CATEGORY_OF[s];
  if (c !== undefined) return 2 + LOSS_ORDER.indexOf(c);
  return s === "ignored" ? 0 : s === "exact" ? 1 : 2 + LOSS_ORDER.length;
}
export const STATUSES: readonly Status[] = ["exact", "transformed", "stashed", "dropped", "ignored"];

export interface Outcome {
  code: string;
  when?: string;
}

export interface MatrixRow {
  /** Schema path, or "prefix/**" for a subtree declared as a whole. */
  path: string;
  documentLevel: boolean;
  /** Canonical IR paths, "ext" (kept in extensions, maybe followed by the IR path a part fills), or "" (ignored). */
  ir: string;
  /** The source adapter's remark on the path. */
  note?: string;
  /** What the value is for the agent, as the source adapter declares it (containers: their strongest member). */
  effect: ValueEffect;
  status: Status;
  /** The diagnostics this conversion raises for the value; exceptions carry their condition. */
  outcomes: Outcome[];
  /** Schema paths the row stands for (more than one for a subtree). */
  covers: number;
}

function ruleParts(r: EmitRule): { status: Status; outcome?: Outcome } {
  if (r === "exact") return { status: "exact" };
  const [key, code] = Object.entries(r).find(([k]) => k !== "when") as [string, string];
  const status: Status = key === "defaulted" ? "transformed" : (key as Status);
  return { status, outcome: r.when === undefined ? { code } : { code, when: r.when } };
}

/** The usual status of a declaration (its first rule) and every code it may raise. */
export function summarise(decl: EmitDecl): { status: Status; outcomes: Outcome[] } {
  const rules: readonly EmitRule[] = typeof decl === "string" || !Array.isArray(decl) ? [decl as EmitRule] : decl;
  const parts = rules.map(ruleParts);
  return { status: parts[0]?.status ?? "undeclared", outcomes: parts.flatMap((p) => (p.outcome ? [p.outcome] : [])) };
}

/** What converting `source` to `target` does with the value at one declared path. */
export function rowFor(target: FormatCoverage, rule: ParseRule): Omit<MatrixRow, "path" | "documentLevel" | "covers" | "effect"> {
  if ("ignored" in rule) return { ir: "", status: "ignored", outcomes: [{ code: "", when: rule.ignored }] };
  if ("container" in rule) {
    if (rule.kept === undefined) return { ir: "", status: "ignored", outcomes: [] };
    return { ir: "ext", status: target.stash ? "stashed" : "dropped", outcomes: [{ code: target.stash ? "stashed-value" : "dropped-field", when: `${rule.kept} (kept whole in ext)` }] };
  }
  if ("extension" in rule) {
    if (rule.private === true) return { ir: "ext", status: "dropped", outcomes: [{ code: "private-omitted" }] };
    const outcomes: Outcome[] = [];
    for (const read of rule.read === undefined ? [] : Array.isArray(rule.read) ? rule.read : [rule.read]) outcomes.push({ code: read.code, when: `${read.when}, read (parse)` });
    outcomes.push({ code: target.stash ? "stashed-value" : "dropped-field" });
    // With a stash a lost link rides in it like any other value.
    if (rule.linkWhen !== undefined && !target.stash) outcomes.push({ code: "dropped-link", when: rule.linkWhen });
    let status: Status = target.stash ? "stashed" : "dropped";
    if (rule.part !== undefined) {
      const found = emitDeclarationOf(target, rule.part.ir);
      const s = found ? summarise(found.decl) : { status: "undeclared" as Status, outcomes: [] };
      if (s.status === "undeclared") status = "undeclared";
      for (const o of s.outcomes) {
        // The value's own unconditional code already covers that part.
        if (outcomes.some((x) => x.code === o.code && x.when === undefined)) continue;
        outcomes.push({ code: o.code, when: o.when === undefined ? rule.part.when : `${rule.part.when}, ${o.when}` });
      }
    }
    return { ir: rule.part === undefined ? "ext" : `ext, ${rule.part.ir}`, status, outcomes };
  }
  const irs = typeof rule.ir === "string" ? [rule.ir] : [...rule.ir];
  let status: Status = rule.changed === undefined ? "ignored" : "transformed";
  const outcomes: Outcome[] = rule.changed === undefined ? [] : [{ code: rule.changed, when: "read (parse)" }];
  if (rule.extensionWhen !== undefined) outcomes.push({ code: target.stash ? "stashed-value" : "dropped-field", when: `${rule.extensionWhen} (kept in ext)` });
  for (const ir of irs) {
    const found = emitDeclarationOf(target, ir);
    const s = found ? summarise(found.decl) : { status: "undeclared" as Status, outcomes: [] };
    if (rank(s.status) > rank(status)) status = s.status;
    for (const o of s.outcomes) if (!outcomes.some((x) => x.code === o.code && x.when === o.when)) outcomes.push(o);
  }
  return { ir: irs.join(", "), status, outcomes };
}

/** How the mapping doc says a declaration's inert values (src/ir/effects.ts judges a loss by them). */
function inertNote(values: InertValues): string {
  return `inert at ${values.map((v) => JSON.stringify(v)).join(" or ")}: its loss is representation`;
}

/** One row per declared path of `source` (subtrees once), in schema order. */
export function buildMatrix(source: FormatCoverage, target: FormatCoverage): MatrixRow[] {
  const rows: MatrixRow[] = [];
  const byKey = new Map<string, MatrixRow>();
  for (const p of enumerateSchemaPaths(source.schema)) {
    const found = parseDeclarationOf(source, p.path);
    if (!found) {
      rows.push({ path: p.path, documentLevel: p.documentLevel, ir: "", effect: "behaviour", status: "undeclared", outcomes: [], covers: 1 });
      continue;
    }
    if ("container" in found.rule && found.rule.kept === undefined) continue;
    const prev = byKey.get(found.key);
    if (prev) {
      prev.covers++;
      continue;
    }
    const row: MatrixRow = { path: found.key, documentLevel: p.documentLevel, covers: 1, effect: effectOfDeclaration(source, found.key), ...rowFor(target, found.rule) };
    const notes = [...("note" in found.rule && found.rule.note !== undefined ? [found.rule.note] : []), ...("inert" in found.rule && found.rule.inert !== undefined ? [inertNote(found.rule.inert)] : [])];
    if (notes.length) row.note = notes.join("; ");
    byKey.set(found.key, row);
    rows.push(row);
  }
  return rows;
}

