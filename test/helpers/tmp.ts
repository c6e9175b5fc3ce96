// Temporary folders that tests remove after themselves: every folder made here is
// deleted when the test that made it finishes (or, made outside a test, when the
// file's tests are done), so a run leaves nothing under /tmp.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, onTestFinished } from "vitest";

/** A fresh folder under the system temp dir, removed after the current test (or after the file, outside a test). */
export function tempDir(prefix = "agentport-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  } catch {
    // Not inside a test (a beforeAll or the module body): remove when the file's tests are done.
    // One hook per folder: a worker's files share this module (isolate: false), so a flag set by
    // the first file would leave a later file's folders behind.
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
  }
  return dir;
}
