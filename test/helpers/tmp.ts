// Temporary folders that tests remove after themselves: every folder made here is
// deleted when the test that made it finishes (or, made outside a test, when the
// file's tests are done), so a run leaves nothing under /tmp.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, onTestFinished } from "vitest";

const outsideTests: string[] = [];
let hooked = false;

/** A fresh folder under the system temp dir, removed after the current test (or after the file, outside a test). */
export function tempDir(prefix = "agentport-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  } catch {
    // Not inside a test (a beforeAll or the module body): remove when the file's tests are done.
    outsideTests.push(dir);
    if (!hooked) {
      hooked = true;
      afterAll(() => {
        for (const d of outsideTests.splice(0)) rmSync(d, { recursive: true, force: true });
      });
    }
  }
  return dir;
}
