// blueprint.tools[] ⇄ IR tools. A bare string is a builtin shorthand; nango
// references become the IR's generic "http" kind. Members the IR does not name
// ride in `extra` so an AgentMug round trip keeps unknown fields.
import type { LostPart } from "../../ir/payloads.js";
import type { IrTool } from "../../ir/model.js";
import { cloneJson, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { TOOL_ORDER } from "./spec.js";
import { fullFormats } from "ajv-formats/dist/formats.js";

/** Members each AgentMug tool kind maps onto IR fields of the same name (plus kind). */
const NAMED: Readonly<Record<string, readonly string[]>> = {
  builtin: ["name", "description"],
  mcp: ["name", "description", "server", "requiresUserAuth", "toolName", "scopes", "provider", "inputSchema"],
  webhook: ["name", "description", "url", "method", "requiresUserAuth"],
  nango: ["name", "description", "provider", "endpoint", "method", "requiresUserAuth", "scopes", "inputSchema"],
};

const IR_KIND: Readonly<Record<string, IrTool["kind"]>> = { builtin: "builtin", mcp: "mcp", webhook: "webhook", nango: "http" };

/** One tool item → IR, or undefined when it is not a shape the schema allows (kept raw by the caller). */
export function parseTool(item: JsonValue): { tool: IrTool; fields: string[] } | undefined {
  if (typeof item === "string") return { tool: { kind: "builtin", name: item, shorthand: true }, fields: [] };
  if (!isObject(item) || typeof item["kind"] !== "string" || typeof item["name"] !== "string") return undefined;
  const named = NAMED[item["kind"]];
  const kind = IR_KIND[item["kind"]];
  if (!named || !kind) return undefined;
  const out: Record<string, unknown> = { kind };
  const extra: JsonObject = {};
  const fields: string[] = [];
  for (const k of Object.keys(item)) {
    if (k === "kind") continue;
    const v = item[k] as JsonValue;
    if (named.includes(k)) {
      setKey(out, k, cloneJson(v));
      fields.push(k);
    } else {
      setKey(extra, k, cloneJson(v));
    }
  }
  if (Object.keys(extra).length) out["extra"] = extra;
  return { tool: out as IrTool, fields };
}

export interface EmittedTool {
  value: JsonValue;
  /** What of the IR tool the AgentMug item cannot hold (empty when carried exactly). */
  lost: LostPart[];
}

/**
 * IR tool → AgentMug item. `trustExtra` is true only for tools that came from
 * AgentMug: another format's `extra` holds its own settings, which do not belong
 * in an AgentMug tool object.
 */
export function emitTool(tool: IrTool, trustExtra: boolean): EmittedTool {
  const lost: LostPart[] = [];
  const extra = tool.extra && Object.keys(tool.extra).length ? tool.extra : undefined;
  if (extra && !trustExtra) lost.push(...Object.keys(extra).map((k) => ({ part: k })));
  const keep = trustExtra ? extra : undefined;
  switch (tool.kind) {
    case "builtin":
    case "named":
      if ((tool.kind === "named" || tool.shorthand) && tool.description === undefined && !keep) return { value: tool.name, lost };
      return { value: object("builtin", { name: tool.name, description: tool.description }, keep), lost };
    case "mcp":
      return {
        value: object("mcp", {
          name: tool.name, server: tool.server, toolName: tool.toolName, inputSchema: tool.inputSchema, scopes: tool.scopes,
          requiresUserAuth: tool.requiresUserAuth, provider: tool.provider, description: tool.description,
        }, keep),
        lost,
      };
    case "webhook":
      // The schema wants a URI; a templated or placeholder URL (another format allows one) cannot be a webhook here.
      if (!isUri(tool.url)) return { value: tool.name, lost: [{ part: "URL", shown: tool.url, aside: "not a URI AgentMug accepts" }, ...described(tool), ...lost] };
      return {
        value: object("webhook", { name: tool.name, url: tool.url, method: tool.method, requiresUserAuth: tool.requiresUserAuth, description: tool.description }, keep),
        lost,
      };
    case "http":
      return {
        value: object("nango", {
          name: tool.name, provider: tool.provider, endpoint: tool.endpoint, method: tool.method, inputSchema: tool.inputSchema,
          scopes: tool.scopes, requiresUserAuth: tool.requiresUserAuth, description: tool.description,
        }, keep),
        lost,
      };
    // What the tool is for (a mas Tool manifest's description) is what the model reads to pick it: a builtin tool's description keeps it.
    case "manifest-ref":
      return { value: withDescription(tool), lost: [{ part: "tool manifest reference", shown: tool.ref }, ...(tool.inputSchema ? [{ part: "the parameters its manifest declares", shown: Object.keys((tool.inputSchema["properties"] ?? {}) as JsonObject).join(", ") }] : []), ...lost] };
    case "module":
      return { value: withDescription(tool), lost: [{ part: "module path", shown: tool.modulePath }, ...lost] };
    case "system":
      return { value: withDescription(tool), lost: [{ part: "runtime system-tool kind" }, ...lost] };
  }
}

/** ajv-formats' "uri" check, the one the AgentMug schema's format: uri is validated with. */
function isUri(s: string): boolean {
  const f = fullFormats.uri;
  return typeof f === "function" ? (f as (x: string) => boolean)(s) : true;
}

function described(tool: IrTool): LostPart[] {
  return tool.description === undefined ? [] : [{ part: "description" }];
}

function withDescription(tool: IrTool): JsonValue {
  return tool.description === undefined ? tool.name : object("builtin", { name: tool.name, description: tool.description }, undefined);
}

function object(kind: string, fields: Record<string, JsonValue | undefined>, extra: JsonObject | undefined): JsonObject {
  const out: JsonObject = {};
  if (extra) for (const k of Object.keys(extra)) setKey(out, k, cloneJson(extra[k] as JsonValue));
  setKey(out, "kind", kind);
  for (const k of Object.keys(fields)) {
    const v = fields[k];
    if (v !== undefined) setKey(out, k, cloneJson(v));
  }
  return orderKeys(out, TOOL_ORDER[kind] ?? []);
}
