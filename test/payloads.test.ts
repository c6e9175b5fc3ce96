// Typed diagnostics (issue 12 scope 3): a code selects its payload type, and its one renderer
// words the message from the payload alone. The @ts-expect-error lines are checked by
// `npm run typecheck`: a payload of another code, or a sentence instead of a payload, does not compile.
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CODES, diagnostic, keptDiagnostic, renderMessage, type Diagnostic, type DiagnosticCode, type KeptLoss, type Payloads, type UndoableCode } from "../src/ir/diagnostics.js";
import { Reporter } from "../src/ir/reporter.js";
import { parse } from "../src/index.js";

describe("a code selects its payload", () => {
  it("a payload of the code compiles; another code's does not", () => {
    expect(diagnostic("dropped-field", { value: "greeting", target: "mas/v1" }).message).toBe("greeting has no counterpart in mas/v1; dropped");
    // @ts-expect-error a transformed-value payload is not a dropped-field payload
    expect(() => diagnostic("dropped-field", { value: "greeting", became: "becomes the description" }, {})).not.toThrow();
    // @ts-expect-error a payload names its target
    diagnostic("dropped-field", { value: "greeting" }, {});
    // @ts-expect-error default-lost says what the target lacks and who decides instead
    diagnostic("default-lost", { value: "model.temperature", source: "Caplo v2", sourceDefault: 0.4, target: "AgentMug v1" }, {});
  });

  it("no raise takes a sentence: diagnostic() and the Reporter's raise methods take payloads only", () => {
    const agent = parse({ apiVersion: "v2", kind: "Agent", name: "A", instructions: "Be brief.", greeting: "Hi", model: { provider: "OpenAI", name: "gpt-4.1" } }).doc!.agents[0]!;
    const r = new Reporter("mas");
    // Never run: what it proves, `npm run typecheck` proves (each line must fail to compile).
    const sentences = (): void => {
      // @ts-expect-error a free-text message is no payload of any code
      diagnostic("dropped-field", { message: "greeting has no counterpart in mas/v1" });
      // @ts-expect-error nor is a string
      diagnostic("transformed-value", "instructions became one text");
      // @ts-expect-error the Reporter takes no template with {name} either
      r.at(agent, "dropped-field", "/greeting", "{name} has no counterpart in mas/v1");
      // @ts-expect-error nor does defaulted()
      r.defaulted(agent, "/metadata/name", "metadata.name is required");
    };
    void sentences;
    r.at(agent, "dropped-field", "/greeting", { target: "mas/v1" });
    // The Reporter names the value by the source's key path.
    expect(r.diagnostics.at(-1)?.message).toBe("greeting has no counterpart in mas/v1; dropped");
  });

  it("every catalog entry has its renderer", () => {
    for (const code of Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[]) expect(typeof DIAGNOSTIC_CODES[code].render, code).toBe("function");
  });
});

describe("one renderer per code words the message", () => {
  const render = <C extends DiagnosticCode>(code: C, p: Payloads[C]) => renderMessage(code, p);

  it("dropped-field: the value, what it is, the parts lost, the target and why; then '; dropped'", () => {
    expect(render("dropped-field", { value: "inputs", aside: "an empty list", target: "mas/v1" })).toBe("inputs (an empty list) has no counterpart in mas/v1; dropped");
    expect(render("dropped-field", { value: "sources[0]", parts: ["role", "kind"], target: "Caplo v2" })).toBe("sources[0]: its role, kind have no counterpart in Caplo v2; dropped");
    expect(render("dropped-field", { value: "tools[0]", is: "a webhook tool", parts: ["url"], target: "Caplo v2", why: 'which keeps only the id "hook"' }))
      .toBe('tools[0] is a webhook tool: its url has no counterpart in Caplo v2, which keeps only the id "hook"; dropped');
    expect(render("dropped-field", { value: "tools[0].component_type", shown: "ServerTool", chose: "the tool's kind", target: "mas/v1" }))
      .toBe('tools[0].component_type "ServerTool" was used to choose the tool\'s kind; the value as written has no counterpart in mas/v1; dropped');
    expect(render("dropped-field", { value: "tools[0]", carried: 'is written as the builtin tool name "hook"', parts: [{ part: "URL", shown: "x", aside: "not a URI" }, "description"], target: "AgentMug v1" }))
      .toBe('tools[0] is written as the builtin tool name "hook"; its URL "x" (not a URI), description have no counterpart in AgentMug v1; dropped');
    expect(render("dropped-field", { value: "(document)", carried: "lists the agents, which are carried", rest: "which file holds each", target: "Caplo v2" }))
      .toBe("(document) lists the agents, which are carried; which file holds each has no counterpart in Caplo v2; dropped");
  });

  it("a stashed loss is the loss's own words and the stash's ending, by category", () => {
    const lost = { value: "greeting", target: "mas/v1" };
    expect(render("stashed-value", { kept: { code: "dropped-field", payload: lost } })).toBe("greeting has no counterpart in mas/v1; kept in x-agentport for the way back");
    expect(render("stashed-value", { kept: { code: "transformed-value", payload: { value: "instructions", became: "becomes the chunk spec.context.role" } } }))
      .toBe("instructions becomes the chunk spec.context.role; the original is kept in x-agentport for the way back");
    expect(render("stashed-value", { value: "tools[0]", target: "AgentMug v1", note: "read-back" })).toBe("tools[0]: AgentMug v1 would read it back differently; x-agentport keeps it as read here, for the way back");
    expect(render("stashed-value", { value: "key", target: "AgentMug v1", note: "moved" })).toBe("key is carried under another name in AgentMug v1; x-agentport records where, for the way back");
  });

  it("the other shared shapes", () => {
    expect(render("transformed-value", { value: "spec.context.role", clause: 'the text of "role.md" is written inline' })).toBe('spec.context.role: the text of "role.md" is written inline');
    expect(render("dropped-link", { value: "subAgents[0]", to: "billing", target: "AgentMug v1", why: "which has no links between agents", consequence: 'this agent can no longer hand work to "billing"' }))
      .toBe('subAgents[0] (→ billing) cannot be expressed in AgentMug v1, which has no links between agents: this agent can no longer hand work to "billing"; dropped');
    expect(render("defaulted-required", { field: "inputs", by: "AgentMug", filled: "set to", set: { accepts: ["text"] } })).toBe('inputs is required by AgentMug; set to {"accepts": ["text"]}');
    expect(render("default-lost", { value: "model.temperature", source: "Caplo v2", sourceDefault: 0.4, target: "AgentMug v1", setting: "temperature", decider: "the host" }))
      .toBe("model.temperature is not set, so Caplo v2 runs the agent with 0.4; AgentMug v1 has no temperature: the host decides");
    expect(render("default-differs", { value: "model.temperature", source: "Caplo v2", sourceDefault: "0.4", target: "mas/v1", targetDefault: "0.7", targetField: "spec.models[].temperature", written: "0.4" }))
      .toBe("model.temperature is not set: Caplo v2 assumes 0.4, while mas/v1 assumes 0.7 for spec.models[].temperature; 0.4 is written explicitly, so the agent keeps its behaviour");
    expect(render("clamped-value", { value: "model.temperature", was: 3, reason: "is outside Caplo's model.temperature range 0..2", now: 2 })).toBe("model.temperature 3 is outside Caplo's model.temperature range 0..2; set to 2");
    expect(render("private-omitted", { value: "brain", entries: 2, what: "private AgentMug data", only: "an AgentMug owner's export", target: "mas/v1" }))
      .toBe("2 private brain entries left out: private AgentMug data goes only into an AgentMug owner's export, never into mas/v1 or a stash");
    expect(render("private-omitted", { value: "memory", entries: 1, what: "private AgentMug data" })).toBe("1 private memory entry left out");
    expect(render("usage-error", { unknownFormat: "cap", role: "target", known: ["caplo", "mas"] })).toBe('unknown target format "cap"; known: caplo, mas');
    expect(render("input-too-large", { subject: "a.json", bytes: 20, max: 10 })).toBe("a.json is 20 bytes, more than the limit of 10");
  });
});

describe("a loss the stash undoes (keptDiagnostic)", () => {
  it("is the stashed-value diagnostic of the loss's payload, its message not rendered again", () => {
    const losses: { code: UndoableCode; payload: Payloads[UndoableCode] }[] = [
      { code: "dropped-field", payload: { value: "greeting", target: "mas/v1" } },
      { code: "dropped-field", payload: { value: "policy.reasoning", aside: "an empty list", target: "AgentMug v1" } },
      { code: "dropped-link", payload: { value: "subAgents[0]", to: "billing", target: "AgentMug v1" } },
      { code: "transformed-value", payload: { value: "key", became: "becomes the id" } },
      { code: "transformed-value", payload: { value: "instructions", clause: "the chunks are joined into one text" } },
      { code: "clamped-value", payload: { value: "model.temperature", was: 3, reason: "is above 2", now: 2 } },
      { code: "truncated-value", payload: { value: "description", length: 900, max: 500, target: "mas/v1" } },
      { code: "unknown-provider", payload: { value: "model.provider", became: "is passed through" } },
    ];
    const places = [
      { source: { file: "a.yaml", pointer: "/greeting" }, target: { format: "mas", pointer: "/x-agentport" } },
      { effect: "representation" as const, target: { format: "agentmug", file: "b.json", pointer: "/x-agentport" }, hint: "see the docs" },
      { effect: "behaviour" as const },
    ];
    for (const { code, payload } of losses) {
      for (const place of places) {
        const loss = diagnostic(code, payload as never, {}) as Diagnostic & { code: UndoableCode };
        const expected = diagnostic("stashed-value", { kept: { code, payload } as KeptLoss }, place);
        expect(keptDiagnostic(loss, place)).toEqual(expected);
        expect(JSON.stringify(keptDiagnostic(loss, place))).toBe(JSON.stringify(expected));
      }
    }
  });
});
