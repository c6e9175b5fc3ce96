// A folder the Node shell made and that was removed since is made again on the next write: the
// shell remembers the folders it made (a batch writes thousands of files into a few), and a
// long-lived process (or a worker's test files, which share it) may remove one in between.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeAtomic } from "../src/node/write.js";
import { tempDir } from "./helpers/tmp.js";

describe("writeAtomic into a folder removed after a first write", () => {
  it("makes the folder again and writes the file", () => {
    const root = tempDir("agentport-write-again-");
    const file = join(root, "out", "a.json");
    writeAtomic(file, "1\n", false);
    rmSync(join(root, "out"), { recursive: true, force: true });
    expect(existsSync(join(root, "out"))).toBe(false);
    writeAtomic(file, "2\n", false);
    expect(readFileSync(file, "utf8")).toBe("2\n");
  });
});
