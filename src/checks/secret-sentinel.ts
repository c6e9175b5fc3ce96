// The secret sentinel over a conversion's outputs (the patterns: src/ir/secret-patterns.ts).
import { adapterFor } from "../adapters/registry.js";
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import type { JsonObject, JsonValue } from "../ir/json.js";
import { findInSource, scanSecrets, type SecretHit, type SecretMemo } from "../ir/secret-patterns.js";
import type { Position } from "../text/parse.js";

/** The secret sentinel: credential-shaped output strings are refused for publishable targets, warned about elsewhere. */
export function secretDiagnostics(outputs: readonly { name: string; document: JsonObject; files?: { path: string; text: string }[] }[], to: string, sources: readonly { file?: string; data: JsonValue; locate: (p: string) => Position | undefined }[], options: { allowSecrets?: boolean }): Diagnostic[] {
  const publishable = adapterFor(to)?.publishable === true && !options.allowSecrets;
  const out: Diagnostic[] = [];
  // Each distinct string is tested once across all outputs (the stashes repeat what they keep).
  const memo: SecretMemo = new Map();
  for (const o of outputs) {
    const docs: { file: string; hits: SecretHit[] }[] = [{ file: o.name, hits: scanSecrets(o.document, memo) }];
    for (const f of o.files ?? []) docs.push({ file: f.path, hits: scanSecrets(f.text, memo) });
    for (const { file, hits } of docs) {
      for (const h of hits) {
        let source: Diagnostic["source"];
        for (const s of sources) {
          const p = findInSource(s.data, h.match);
          if (p !== undefined) {
            source = { ...(s.file === undefined ? {} : { file: s.file }), pointer: p, ...s.locate(p) };
            break;
          }
        }
        out.push(diagnostic(publishable ? "secret-in-output" : "secret-detected", { file, looksLike: h.label }, {
          ...(source ? { source } : {}),
          target: { format: to, file, pointer: h.pointer },
          hint: publishable ? "remove the credential from the source (the target declares which credentials it needs), or pass --allow-secrets" : "credentials do not belong in manifests; consider removing it",
        }));
      }
    }
  }
  return out;
}
