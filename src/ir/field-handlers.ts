// Field handlers: an emitter is written as handlers, each of which writes some canonical IR fields
// and declares, beside its code, how it treats each of them (an EmitDecl: exact, or the code it
// raises and when). The adapter's coverage `emit` table is built from its handlers (emitTable), so
// docs/mapping.md is generated from what the emitter runs, not from a parallel list kept in step.
// The model is mdast-util-to-markdown's one handler per node type; here, one handler per group
// of fields that are written together.
//
// A handler raises only through the reporter it is given. Run in a checking scope (the tests:
// EmitContext.checkDeclarations), that reporter refuses a code its handler's own declarations do
// not name for the IR path it is raised at, so a declaration cannot drift from its raise sites.
import { DIAGNOSTIC_CODES, type DiagnosticCode } from "./diagnostics.js";
import { emitDeclarationOf, irSpellings, type EmitDecl, type EmitDecls, type EmitRule } from "./coverage.js";
import type { IrAgent } from "./model.js";
import type { Reporter } from "./reporter.js";

/** The reporter a handler raises through: the Reporter's raise methods (and what it reads back). */
export type HandlerReporter = Pick<Reporter, "at" | "atSource" | "atExtension" | "defaulted" | "dropUnsupported" | "dropForeignExtensions" | "where" | "extensionPlace" | "namedPlaces" | "lostExtension" | "targetFormat" | "targetFile" | "guardedBy" | "linkedByIdentity">;

/** One field handler: its name (for messages), its declarations and the function that writes the fields. */
export interface FieldHandler<A extends unknown[] = never, R = unknown> {
  readonly name: string;
  /** Canonical IR path (or "prefix/**") → how this handler treats the field. */
  readonly emit: EmitDecls;
  readonly write: (r: HandlerReporter, ...args: A) => R;
}

/** What a handler's declarations are read as, whatever it writes. */
export interface DeclaringHandler {
  readonly name: string;
  readonly emit: EmitDecls;
}

/**
 * The IR fields a declaration table names, a "prefix/**" key read as its prefix: what a handler
 * of fields the target has no place for hands to Reporter.dropUnsupported.
 */
export function declaredFields(emit: EmitDecls): string[] {
  return Object.keys(emit).map((k) => (k.endsWith("/**") ? k.slice(0, -3) : k));
}

/**
 * The handler of the IR fields a target has no place for (`table`: each declared as the code the
 * user sees): each one the agent sets is reported lost, once, in the target `label`'s words;
 * `foreign` also reports other formats' extension values the target drops.
 */
export function unsupportedHandler(table: EmitDecls, label: string, opts: { foreign?: boolean } = {}): FieldHandler<[IrAgent, string?], void> {
  const fields = declaredFields(table);
  return fieldHandler("unsupported", table, (r: HandlerReporter, a: IrAgent, file?: string): void => {
    r.dropUnsupported(a, fields, label, file);
    if (opts.foreign) r.dropForeignExtensions(a, label, file);
  });
}

export function fieldHandler<A extends unknown[], R>(name: string, emit: EmitDecls, write: (r: HandlerReporter, ...args: A) => R): FieldHandler<A, R> {
  return { name, emit, write };
}

/**
 * Another entry point of a handler, for a part of its fields written at another moment (an empty
 * list reported with the other losses, after the fields are written): it raises under the
 * handler's declarations, and is not listed in the adapter's handlers (the handler is).
 */
export function stepOf<A extends unknown[], R>(of: DeclaringHandler, write: (r: HandlerReporter, ...args: A) => R): FieldHandler<A, R> {
  return { name: of.name, emit: of.emit, write };
}

/** Where handlers raise: the emitter's Reporter, and whether each raise is checked against its handler's declarations. */
export interface EmitScope {
  readonly r: Reporter;
  readonly check: boolean;
}

/** Runs a handler: it raises through the scope's reporter, checked against its declarations when the scope asks. */
export function run<A extends unknown[], R>(h: FieldHandler<A, R>, scope: EmitScope, ...args: A): R {
  return h.write(scope.check ? checkedReporter(scope.r, h) : scope.r, ...args);
}

const rulesOf = (d: EmitDecl): readonly EmitRule[] => (Array.isArray(d) ? (d as readonly EmitRule[]) : [d as EmitRule]);
const codeOf = (rule: EmitRule): string | undefined => (rule === "exact" ? undefined : (Object.entries(rule).find(([k]) => k !== "when")?.[1] as string));

/**
 * The coverage emit table of an adapter: its handlers' declarations, in handler order. A path two
 * handlers write is declared by the first (its usual outcome first); a later one adds only
 * exceptions (rules with `when`), appended in order. Anything else is a mistake, thrown at load.
 */
export function emitTable(handlers: readonly DeclaringHandler[]): EmitDecls {
  const table: Record<string, EmitDecl> = {};
  const owner: Record<string, string> = {};
  for (const h of handlers) {
    for (const [path, decl] of Object.entries(h.emit)) {
      const prev = table[path];
      if (prev === undefined) {
        table[path] = decl;
        owner[path] = h.name;
        continue;
      }
      const added = rulesOf(decl);
      if (added.some((rule) => rule === "exact" || rule.when === undefined)) {
        throw new Error(`emit declarations: ${path} is declared by the field handlers "${owner[path]}" and "${h.name}"; the second may add only exceptions (rules with when)`);
      }
      table[path] = [...rulesOf(prev), ...added];
    }
  }
  return table;
}

/** The codes a set of declarations names for an IR path: the declaration covering it, and those of the fields below it. */
function codesAt(emit: EmitDecls, ir: string): Set<string> {
  const codes = new Set<string>();
  const add = (d: EmitDecl) => {
    for (const rule of rulesOf(d)) {
      const c = codeOf(rule);
      if (c !== undefined) codes.add(c);
    }
  };
  const found = emitDeclarationOf({ emit }, ir);
  if (found) add(found.decl);
  // A diagnostic on an item or object speaks for the fields below it (a lost model row, a joined prompt).
  const prefixes = irSpellings(ir).map((s) => `${s}/`);
  for (const [k, d] of Object.entries(emit)) if (prefixes.some((p) => k.startsWith(p))) add(d);
  return codes;
}

/** Codes of a loss or change the stash undoes: declared as `stashed-value`, raised as the loss (the stash marks it). */
const undoable = (code: DiagnosticCode): boolean => {
  const category = DIAGNOSTIC_CODES[code].category;
  return category === "dropped" || category === "changed";
};

/** Whether declarations allow raising `code` about the IR field at `ir`. */
export function declares(emit: EmitDecls, code: DiagnosticCode, ir: string): boolean {
  const codes = codesAt(emit, ir);
  return codes.has(code) || (codes.has("stashed-value") && undoable(code));
}

/** Whether declarations name `code` anywhere (a diagnostic about the agent as a whole, or about an extension value). */
function namesAnywhere(emit: EmitDecls, code: DiagnosticCode): boolean {
  for (const d of Object.values(emit)) for (const rule of rulesOf(d)) if (codeOf(rule) === code || (codeOf(rule) === "stashed-value" && undoable(code))) return true;
  return false;
}

/**
 * A value the target requires and the source lacks is no IR field's: any handler may fill one
 * (defaulted-required, defaulted-placeholder) where it writes.
 */
const fills = (code: DiagnosticCode): boolean => DIAGNOSTIC_CODES[code].category === "defaulted";

/**
 * "/tools/3/x" as "/tools/[mcp]/x", the spelling by the tool's kind that a declaration of one kind
 * uses ("/tools/[builtin]/name"); any other path as it is.
 */
function kindSpelling(agent: IrAgent, ir: string): string {
  const m = /^\/tools\/(0|[1-9][0-9]*)(?=\/|$)/.exec(ir);
  const kind = m ? agent.tools?.[Number(m[1])]?.kind : undefined;
  return m && kind !== undefined ? `/tools/[${kind}]${ir.slice(m[0].length)}` : ir;
}

function refuse(h: DeclaringHandler, code: string, where: string): never {
  throw new Error(`the field handler "${h.name}" raised ${code} ${where}, which its declarations do not name: declare it beside the handler (its emit) or raise another code`);
}

/** The scope's reporter as one handler may use it: each raise checked against the handler's declarations. */
function checkedReporter(r: Reporter, h: DeclaringHandler): HandlerReporter {
  const guards: Record<string, (a: unknown[]) => void> = {
    at: (a) => {
      const code = a[1] as DiagnosticCode;
      const ir = a[2] as string;
      if (!declares(h.emit, code, ir) && !declares(h.emit, code, kindSpelling(a[0] as IrAgent, ir))) refuse(h, code, `at ${ir}`);
    },
    atSource: (a) => {
      const code = a[1] as DiagnosticCode;
      if (!fills(code) && !namesAnywhere(h.emit, code)) refuse(h, code, `at the source place "${String(a[2])}"`);
    },
    atExtension: (a) => {
      const code = a[1] as DiagnosticCode;
      if (!fills(code) && !namesAnywhere(h.emit, code)) refuse(h, code, `about the extension value ${String(a[2])} ${String(a[3])}`);
    },
    dropUnsupported: (a) => {
      for (const f of a[1] as readonly string[]) if (!declares(h.emit, "dropped-field", f)) refuse(h, "dropped-field", `at ${f}`);
    },
  };
  return new Proxy(r, {
    get(target, key, receiver) {
      const v: unknown = Reflect.get(target, key, receiver);
      if (typeof v !== "function") return v;
      const f = v as (...a: unknown[]) => unknown;
      const guard = typeof key === "string" ? guards[key] : undefined;
      return (...a: unknown[]) => {
        guard?.(a);
        return f.apply(target, a);
      };
    },
  });
}
