// tools[] ⇄ IR tools. ServerTool and ClientTool (functions the orchestrator or
// the client runs) are named tools, BuiltinTool a builtin, RemoteTool (a REST
// call) a webhook, MCPTool an MCP tool whose server is its transport's URL.
// Every member the IR does not name (inputs and outputs schemas, headers,
// requires_confirmation, the component's id and metadata…) stays in extensions
// under its input pointer and is put back from there.
import type { LostPart } from "../../ir/payloads.js";
import type { IrAgent, IrTool } from "../../ir/model.js";
import { mapSource } from "../../ir/agent.js";
import { cloneJson, isObject, orderKeys, type JsonObject, type JsonValue } from "../../ir/json.js";
import { join } from "../../ir/pointer.js";
import { keepDeep, keepMembers, rebuild } from "./fields.js";
import { TOOL_ORDER } from "./spec.js";

/** Reads one resolved tool component at `at` as IR tool number `i`; undefined when it is not a tool the IR can hold. */
export function parseTool(a: IrAgent, t: JsonValue, at: string, i: number): IrTool | undefined {
  if (!isObject(t) || typeof t["name"] !== "string" || typeof t["component_type"] !== "string") return undefined;
  const type = t["component_type"];
  const name = t["name"];
  const ir = `/tools/${i}`;
  const description = typeof t["description"] === "string" ? t["description"] : undefined;
  let tool: IrTool;
  const skip = ["name", ...(description === undefined ? [] : ["description"])];
  if ((type === "ServerTool" || type === "ClientTool")) tool = { kind: "named", name };
  else if (type === "BuiltinTool") tool = { kind: "builtin", name };
  else if (type === "RemoteTool" && typeof t["url"] === "string" && typeof t["http_method"] === "string") {
    tool = { kind: "webhook", name, url: t["url"], method: t["http_method"] };
    mapSource(a, `${ir}/url`, join(at, "url"));
    mapSource(a, `${ir}/method`, join(at, "http_method"));
    skip.push("url", "http_method");
  } else if (type === "MCPTool" && isObject(t["client_transport"]) && typeof t["client_transport"]["url"] === "string") {
    const transport = t["client_transport"];
    const tAt = join(at, "client_transport");
    tool = { kind: "mcp", name, server: transport["url"] as string, requiresUserAuth: false };
    mapSource(a, `${ir}/server`, join(tAt, "url"));
    keepMembers(a, transport, tAt, ["url"]);
    skip.push("client_transport");
  } else return undefined;
  if (description !== undefined) {
    tool.description = description;
    mapSource(a, `${ir}/description`, join(at, "description"));
  }
  mapSource(a, ir, at);
  mapSource(a, `${ir}/name`, join(at, "name"));
  // The component type chose the kind (and stays in extensions as written). Where the kind gives that type back
  // (ServerTool, RemoteTool, MCPTool), a loss of it is the kind's spelling; a ClientTool or BuiltinTool says
  // more than the kind (who runs it), and stays a value of its own.
  if (TYPE_OF_KIND[tool.kind][0] === type) mapSource(a, `${ir}/kind`, join(at, "component_type"));
  keepMembers(a, t, at, skip);
  return tool;
}

/** Keeps a tool the IR cannot hold (an unresolved reference, an unknown kind) whole. */
export function keepTool(a: IrAgent, t: JsonValue, at: string): void {
  keepDeep(a, at, t);
}

export interface EmittedTool {
  value: JsonObject;
  /** What of the IR tool the Agent Spec tool cannot hold (empty when carried exactly). */
  lost: LostPart[];
  /** Required members filled in, for a defaulted-required note. */
  filled: string[];
}

const TYPE_OF_KIND: Readonly<Record<IrTool["kind"], readonly string[]>> = {
  named: ["ServerTool", "ClientTool"],
  // Another platform's builtin is a function the orchestrator provides, not an Agent Spec BuiltinTool (which needs its tool_type).
  builtin: ["ServerTool", "BuiltinTool"],
  webhook: ["RemoteTool"],
  mcp: ["MCPTool"],
  http: ["ServerTool"],
  "manifest-ref": ["ServerTool"],
  module: ["ServerTool"],
  system: ["ServerTool"],
};

/**
 * IR tool → Agent Spec tool. `ext`/`at`: the kept members and input pointer of
 * the tool it was read from (Agent Spec home), or of the place it is written to (emit-agent.ts
 * writtenPlaces), else undefined. `read`: the IR tool was read from that Agent Spec tool, so
 * what agentport adds to a tool (requiresUserAuth, another format's members) is not its own.
 */
export function emitTool(tool: IrTool, ext: JsonObject | undefined, at: string | undefined, read = at !== undefined): EmittedTool {
  const base = ext && at !== undefined ? rebuild(ext, at) : {};
  const lost: LostPart[] = [];
  const filled: string[] = [];
  const allowed = TYPE_OF_KIND[tool.kind];
  const kept = typeof base["component_type"] === "string" && allowed.includes(base["component_type"]) ? base["component_type"] : undefined;
  // A tool of another kind than its kept members say (edited elsewhere) starts afresh. Members kept
  // without their component type (the type this emitter wrote, which the reading dropped as its own)
  // are an edit of the tool as written here: kept.
  const members: JsonObject = kept !== undefined || base["component_type"] === undefined ? base : {};
  const type = kept ?? (allowed[0] as string);
  const out: JsonObject = { ...members, component_type: type, name: tool.name };
  if (tool.description !== undefined) out["description"] = tool.description;
  else delete out["description"];
  if (tool.extra && Object.keys(tool.extra).length && !read) lost.push(...Object.keys(tool.extra).map((k) => ({ part: k })));
  switch (tool.kind) {
    case "webhook":
      out["url"] = tool.url;
      if (tool.method !== undefined) out["http_method"] = tool.method;
      else if (typeof out["http_method"] !== "string") {
        out["http_method"] = "POST";
        filled.push('http_method "POST"');
      }
      if (tool.requiresUserAuth !== undefined && !read) lost.push({ part: "requiresUserAuth", shown: tool.requiresUserAuth });
      break;
    case "mcp": {
      // Kept members of a transport this emitter wrote come without the type and name it gave (the reading dropped them as its own).
      const keptTransport = isObject(out["client_transport"]) ? out["client_transport"] : {};
      const transport: JsonObject = typeof keptTransport["component_type"] === "string" ? keptTransport : { component_type: "StreamableHTTPTransport", name: tool.server, ...keptTransport };
      transport["url"] = tool.server;
      out["client_transport"] = orderKeys(transport, ["component_type", "id", "name", "description", "metadata", "session_parameters", "url"]);
      if (tool.toolName !== undefined && tool.toolName !== tool.name) lost.push({ part: "server's tool name", shown: tool.toolName });
      // Read from Agent Spec, the flag is agentport's (an MCP tool there has no such member).
      if (!read) lost.push({ part: "requiresUserAuth", shown: tool.requiresUserAuth });
      if (tool.scopes !== undefined) lost.push({ part: "scopes" });
      if (tool.provider !== undefined) lost.push({ part: "provider" });
      if (tool.inputSchema !== undefined && (out["inputs"] === undefined || !read)) {
        const inputs = propertiesToInputs(tool.inputSchema);
        if (inputs) out["inputs"] = inputs;
        else lost.push({ part: "input schema" });
      }
      break;
    }
    case "http":
      lost.push({ part: "endpoint", shown: tool.endpoint, aside: `of the provider "${tool.provider}"${tool.method ? `, called with ${tool.method}` : ""}` });
      if (tool.scopes !== undefined) lost.push({ part: "scopes" });
      lost.push({ part: "requiresUserAuth", shown: tool.requiresUserAuth });
      if (tool.inputSchema !== undefined) {
        const inputs = propertiesToInputs(tool.inputSchema);
        if (inputs) out["inputs"] = inputs;
        else lost.push({ part: "input schema" });
      }
      break;
    case "manifest-ref":
      lost.push({ part: "tool manifest reference", shown: tool.ref });
      // The parameters the manifest declares are what the model fills in: Agent Spec holds them as the tool's inputs.
      if (tool.inputSchema !== undefined && (out["inputs"] === undefined || !read)) {
        const { required, ...schema } = tool.inputSchema;
        const inputs = propertiesToInputs(schema);
        if (inputs) out["inputs"] = inputs;
        else lost.push({ part: "the parameters its manifest declares" });
        // Agent Spec reads an input without a default as one the caller must give: an optional parameter becomes required.
        const must = new Set(Array.isArray(required) ? required : []);
        const optional = inputs ? Object.entries(schema["properties"] as JsonObject).filter(([k, v]) => !must.has(k) && !(isObject(v) && "default" in v)).map(([k]) => k) : [];
        if (optional.length > 0) lost.push({ part: "that these parameters are optional", shown: optional.join(", "), aside: "an input without a default is required in Open Agent Spec" });
      }
      break;
    case "module":
      lost.push({ part: "module path", shown: tool.modulePath });
      break;
    case "system":
      lost.push({ part: "runtime system-tool kind" });
      break;
    case "builtin":
      if (type === "BuiltinTool" && typeof out["tool_type"] !== "string") out["tool_type"] = tool.name;
      break;
    case "named":
      break;
  }
  return { value: orderKeys(out, TOOL_ORDER), lost, filled };
}

/** An object JSON schema's properties as Agent Spec inputs (one titled property each); undefined when it is not that shape. */
function propertiesToInputs(schema: JsonObject): JsonValue[] | undefined {
  const props = schema["properties"];
  if (schema["type"] !== "object" || !isObject(props)) return undefined;
  const rest = Object.keys(schema).filter((k) => k !== "type" && k !== "properties");
  if (rest.length) return undefined;
  const out: JsonValue[] = [];
  for (const k of Object.keys(props)) {
    const p = props[k];
    if (!isObject(p)) return undefined;
    out.push({ title: k, ...cloneJson(p) });
  }
  return out;
}
