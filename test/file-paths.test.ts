import { describe, expect, it } from "vitest";
import { dirOf, isAbsolutePath, joinPath, normalisePath } from "../src/ir/file-paths.js";

describe("file paths (src/ir/file-paths.ts): one set of rules for every join", () => {
  it("resolves . and .., reads \\ as /, and keeps a climb above a relative start", () => {
    expect(normalisePath("a/./b/../c")).toBe("a/c");
    expect(normalisePath("a\\b\\..\\c")).toBe("a/c");
    expect(normalisePath("../agents/a.yaml")).toBe("../agents/a.yaml");
    expect(normalisePath("a/../../x")).toBe("../x");
    expect(normalisePath("a/..")).toBe("");
  });

  it("drops a climb above an absolute start, as the file system does", () => {
    expect(normalisePath("/srv/../../x")).toBe("/x");
    expect(normalisePath("/srv/app/./m.yaml")).toBe("/srv/app/m.yaml");
  });

  it("joins a reference to its file's folder; an absolute reference stands alone", () => {
    expect(joinPath("apps/desk", "agents/a.yaml")).toBe("apps/desk/agents/a.yaml");
    expect(joinPath("apps/desk", "../shared/a.yaml")).toBe("apps/shared/a.yaml");
    expect(joinPath("", "./m.yaml")).toBe("m.yaml");
    expect(joinPath("", "../m.yaml")).toBe("../m.yaml");
    expect(joinPath("apps", "/etc/x")).toBe("/etc/x");
    // Two spellings of one file are one key; a file above the folder is not the file in it.
    expect(joinPath("a", "../b.yaml")).toBe(joinPath("", "b.yaml"));
    expect(joinPath("", "../b.yaml")).not.toBe(joinPath("", "b.yaml"));
  });

  it("knows absolute paths and folders", () => {
    expect([isAbsolutePath("/x"), isAbsolutePath("\\x"), isAbsolutePath("C:\\x"), isAbsolutePath("c:/x"), isAbsolutePath("x/y"), isAbsolutePath("./x")]).toEqual([true, true, true, true, false, false]);
    expect([dirOf("a/b/c.yaml"), dirOf("c.yaml"), dirOf("/c.yaml"), dirOf("a\\b.yaml")]).toEqual(["a/b", "", "", "a"]);
  });
});
