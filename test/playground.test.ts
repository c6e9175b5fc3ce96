// The playground page in a real browser: Debian's Chromium (/usr/bin/chromium, installed by
// .ci/run) driven by playwright-core, never a downloaded browser. The page is built into a
// temporary folder and opened from file:// and from `npm run playground`'s server; every
// request the page makes is recorded and must stay on file:// or that loopback server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { crc32 as nodeCrc32 } from "node:zlib";
import { convert, convertMany } from "../src/index.js";
import { cli } from "./helpers/cli.js";

const CHROMIUM = process.env["AGENTPORT_CHROMIUM"] ?? "/usr/bin/chromium";
// The flags that keep Chromium off the network (the machine's env notes): no background
// connections, no component or sync traffic, no QUIC.
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const BUNDLE = readFileSync("examples/support-bundle.caplo.json", "utf8");
/** The bundle's sub-agent links: AgentMug has no links between agents. */
const LINKS = ["/agents/0/subAgents/0", "/agents/0/subAgents/1", "/agents/1/subAgents/0"];
// Screenshots for review go to dist/ (git-ignored); UPDATE_SCREENSHOT=1 also refreshes the README's.
const SHOTS = "dist/test-screenshots";
// A loaded CI machine is slow; the page itself answers within one event turn.
const POLL = { timeout: 5_000 };

let tmp: string;
let context: BrowserContext;
let pageUrl: string;
let server: ChildProcess | undefined;
let serverUrl: string;
const requests: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run does), or set AGENTPORT_CHROMIUM`);
  tmp = mkdtempSync(join(tmpdir(), "agentport-playground-"));
  execFileSync(process.execPath, ["scripts/playground-build.mjs", "--out", join(tmp, "page")], { stdio: "pipe" });
  pageUrl = pathToFileURL(join(tmp, "page", "index.html")).href;
  context = await chromium.launchPersistentContext(join(tmp, "profile"), {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    downloadsPath: join(tmp, "downloads"),
  });
  // Short waits: the page answers in milliseconds, and a missing element should fail fast.
  context.setDefaultTimeout(5_000);
  context.on("request", (r) => requests.push(r.url()));
  context.on("weberror", (e) => problems.push(`page error: ${e.error().message}`));
}, 60_000);

afterAll(async () => {
  await context?.close();
  server?.kill();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

async function open(url = pageUrl): Promise<Page> {
  const page = await context.newPage();
  page.on("console", (m) => {
    // A CSP refusal (an attempted request) or a script error shows here.
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  await page.goto(url);
  return page;
}

async function convertText(page: Page, text: string, to: string): Promise<void> {
  // As a paste lands: the whole text at once, one input event (the first test types it with fill()).
  await page.evaluate(`(() => {
    const t = document.querySelector('[data-testid="source"]');
    t.value = ${JSON.stringify(text)};
    t.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }));
  })()`);
  await page.getByTestId("target-format").selectOption(to);
  await page.getByTestId("convert").click();
}

/** Unfolds the notes. */
async function showNotes(page: Page): Promise<void> {
  const details = page.locator('[data-testid="diagnostics"] details.notes');
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
}

function allowed(url: string): boolean {
  return url.startsWith("file://") || (serverUrl !== undefined && url.startsWith(serverUrl));
}

describe("playground page (Chromium)", () => {
  it("converts the quick-start bundle to AgentMug: three documents, the lost sub-agent links first", async () => {
    const page = await open();
    expect(await page.locator("#detected").textContent()).toBe("Paste, type or drop a manifest.");
    await page.getByTestId("source").fill(BUNDLE);
    await expect.poll(() => page.locator("#detected").textContent(), POLL).toContain("Caplo");
    await page.getByTestId("target-format").selectOption("agentmug");
    await page.getByTestId("convert").click();

    const output = page.getByTestId("output");
    await expect.poll(() => output.getByRole("tab").allTextContents(), POLL).toEqual(["front-desk.agent.json", "billing.agent.json", "tech.agent.json"]);
    // Each tab's document is the library's own output, byte for byte.
    const expected = convert(BUNDLE, "agentmug", { file: "input-1.json" });
    for (const [i, o] of expected.outputs.entries()) {
      await output.getByRole("tab").nth(i).click();
      const shown = await page.locator(`#output-panel-${i} .doc`).innerText();
      expect(shown.replace(/\n$/, "")).toBe(o.text.replace(/\n$/, ""));
    }

    // Behaviour changes come first and are not folded: the three sub-agent links AgentMug cannot hold.
    const diags = page.getByTestId("diagnostics");
    const behaviour = diags.locator("h3:has-text('Behaviour changes') + ul .diag");
    const shownAll = await Promise.all((await diags.locator(".diag").all()).map((b) => b.getAttribute("data-pointer")));
    expect(shownAll).toEqual(expect.arrayContaining(LINKS));
    const linkDiag = expected.diagnostics.find((d) => d.source?.pointer === LINKS[0])!;
    expect(linkDiag.effect).toBe("behaviour");
    expect(linkDiag.severity).toBe("warning");
    const pointers = await Promise.all((await behaviour.all()).map((b) => b.getAttribute("data-pointer")));
    expect(pointers).toEqual(expect.arrayContaining(LINKS));
    for (const p of LINKS) expect(await diags.locator(`h3:has-text('Behaviour changes') + ul .diag[data-pointer="${p}"]`).getAttribute("class")).toContain("warning");
    // Nothing in the behaviour group is a mere note.
    for (const b of await behaviour.all()) expect(await b.getAttribute("class")).toMatch(/\b(warning|error)\b/);
    // The notes are there, folded.
    const notes = diags.locator("details.notes");
    expect(await notes.getAttribute("open")).toBeNull();
    expect(await notes.locator(".diag").count()).toBeGreaterThan(0);
    // The summary in the CLI's words: the same lines `agentport convert --verbose` prints.
    const run = await cli(["convert", "examples/support-bundle.caplo.json", "--to", "agentmug", "-o", join(tmp, "cli-out") + "/", "--verbose"]);
    expect(run.code).toBe(0);
    const said = run.stderr.split("\n").filter((l) => /^agentport: (behaviour kept|fidelity) |^[\w.-]+\.agent\.json: /.test(l)).map((l) => l.replace(/^agentport: /, "").replace("examples/support-bundle.caplo.json", "input-1.json"));
    expect(said.length).toBe(5);
    expect(await diags.getByTestId("fidelity").locator("p").allTextContents()).toEqual(expect.arrayContaining(said));
    expect(await diags.locator(".behaviour-line").innerText()).toMatch(/^behaviour kept for \d+ of \d+ behaviour-bearing values \(\d+ changed\)(?:; \d+ more changes? where the source states no value)?$/);

    mkdirSync(SHOTS, { recursive: true });
    await diags.locator(`.diag[data-pointer="${LINKS[0]}"]`).click();
    await page.screenshot({ path: join(SHOTS, "playground-1280x800.png") });
    if (process.env["UPDATE_SCREENSHOT"] === "1") {
      // The README's picture shows the summary and the behaviour changes at the top of their pane.
      await page.evaluate(`document.getElementById("diagnostics").scrollTop = 0`);
      await page.screenshot({ path: "docs/playground.png" });
    }
    await page.setViewportSize({ width: 420, height: 900 });
    await page.screenshot({ path: join(SHOTS, "playground-narrow.png") });
    await page.close();
  });

  it("clicking a warning marks its line in the source and its place in the output", async () => {
    const page = await open();
    await convertText(page, BUNDLE, "agentmug");
    const expected = convert(BUNDLE, "agentmug", { file: "input-1.json" }).diagnostics.find((d) => d.source?.pointer === "/agents/1/subAgents/0")!;
    expect(expected.source?.line).toBeDefined();
    await showNotes(page);
    await page.locator('[data-testid="diagnostics"] .diag[data-pointer="/agents/1/subAgents/0"]').first().click();

    const source = page.getByTestId("source");
    await expect.poll(() => source.getAttribute("data-highlight-line"), POLL).toBe(String(expected.source!.line));
    expect(await page.locator("#gutter .hl").innerText()).toBe(String(expected.source!.line));
    expect(await page.locator("#source-mark").isVisible()).toBe(true);
    // The caret sits at the reported line:column.
    // (Browser-side code is written as text: the test program has no DOM types.)
    const caret = (await page.evaluate(`(() => {
      const t = document.querySelector('[data-testid="source"]');
      const b = t.value.slice(0, t.selectionStart).split("\\n");
      return { line: b.length, column: b[b.length - 1].length + 1 };
    })()`)) as { line: number; column: number };
    expect(caret).toEqual({ line: expected.source!.line, column: expected.source!.column });
    // The output side: the target file's tab, and the line its pointer names.
    const tab = page.getByTestId("output").getByRole("tab", { selected: true });
    expect(await tab.innerText()).toBe(expected.target!.file);
    const marked = page.locator('[data-testid="output"] .output-panel:not([hidden]) .doc > span.hl');
    expect(await marked.count()).toBe(1);
    const key = expected.target!.pointer!.split("/").pop()!;
    expect(await marked.innerText()).toContain(`"${key}"`);
    await page.close();
  });

  it("a bad input shows the located error and no output", async () => {
    const page = await open();
    await convertText(page, BUNDLE, "agentmug");
    expect(await page.getByTestId("output").getByRole("tab").count()).toBe(3);
    // Broken JSON: a located syntax error, and the earlier outputs are gone.
    await convertText(page, '{\n  "apiVersion": "caplo/v2",\n  "kind": "Agent",\n  "name": "x",,\n}\n', "agentmug");
    const error = page.locator('[data-testid="diagnostics"] .diag.error');
    await expect.poll(() => error.count(), POLL).toBeGreaterThan(0);
    expect(await error.first().innerText()).toMatch(/invalid-syntax[\s\S]*input-1\.json:\d+:\d+/);
    expect(await page.getByTestId("output").getByRole("tab").count()).toBe(0);
    expect(await page.locator("#output-empty").innerText()).toContain("No output");
    // Well-formed but schema-invalid: the error names the line of the bad value.
    const invalid = BUNDLE.replace('"temperature": 0.3', '"temperature": "hot"');
    expect(invalid).not.toBe(BUNDLE);
    await convertText(page, invalid, "agentmug");
    const lib = convert(invalid, "agentmug", { file: "input-1.json" }).diagnostics.filter((d) => d.severity === "error");
    expect(lib.length).toBeGreaterThan(0);
    await expect.poll(() => error.first().innerText(), POLL).toContain(`input-1.json:${lib[0]!.source!.line}:${lib[0]!.source!.column}`);
    expect(await page.getByTestId("output").getByRole("tab").count()).toBe(0);
    // Clicking the error marks its line.
    await error.first().click();
    expect(await page.getByTestId("source").getAttribute("data-highlight-line")).toBe(String(lib[0]!.source!.line));
    await page.close();
  });

  it("a MAS manifest with its agent file, opened together, converts with an in-memory readFile", async () => {
    const page = await open();
    const dir = "test/fixtures/mas/apps/03-experiments-and-analysis";
    await page.locator("#open-files").setInputFiles([
      { name: "mas.yaml", mimeType: "text/yaml", buffer: readFileSync(join(dir, "mas.yaml")) },
      { name: "agent.yaml", mimeType: "text/yaml", buffer: readFileSync(join(dir, "agent.yaml")) },
    ]);
    await expect.poll(() => page.locator("#file-tabs [role=tab]").count(), POLL).toBe(2);
    expect(await page.locator("#detected").innerText()).toContain("mas/v1");
    await page.getByTestId("target-format").selectOption("caplo");
    await page.getByTestId("convert").click();
    await expect.poll(() => page.getByTestId("output").getByRole("tab").allTextContents(), POLL).toEqual(["qa-agent-t3-bundle.caplo.json"]);
    // A diagnostic about the agent file opens that file's tab.
    const inAgent = page.locator('[data-testid="diagnostics"] .diag .loc:visible', { hasText: /^agent\.yaml:\d+:\d+/ }).first();
    await inAgent.locator("xpath=..").click();
    expect(await page.locator("#file-tabs [role=tab][aria-selected=true]").innerText()).toContain("agent.yaml");
    expect(await page.getByTestId("source").getAttribute("data-highlight-line")).toMatch(/^\d+$/);
    await page.close();
  });

  it("two agent files dropped on the source pane merge into one bundle", async () => {
    const page = await open();
    const files = ["hello.agent", "researcher.agent"].map((name) => ({ name, text: readFileSync(join("test/fixtures/agentmug", name), "utf8") }));
    // A drop as the browser delivers it: a DataTransfer holding File objects.
    await page.evaluate(`(() => {
      const dt = new DataTransfer();
      for (const f of ${JSON.stringify(files)}) dt.items.add(new File([f.text], f.name, { type: "application/json" }));
      document.getElementById("source-pane").dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    })()`);
    await expect.poll(() => page.locator("#file-tabs [role=tab]").allTextContents(), POLL).toEqual(["hello.agentAgentMug v1", "researcher.agentAgentMug v1"]);
    await page.locator("#opt-bundle").check();
    await page.getByTestId("target-format").selectOption("caplo");
    await page.getByTestId("convert").click();
    const names = convertMany(files.map((f) => ({ text: f.text, file: f.name })), "caplo", { bundle: true }).outputs.map((o) => o.name);
    expect(names).toHaveLength(1);
    await expect.poll(() => page.getByTestId("output").getByRole("tab").allTextContents(), POLL).toEqual(names);
    expect(await page.getByTestId("fidelity").locator(".exact-line").count()).toBe(2);
    await page.close();
  });

  it("is keyboard usable: tab to the controls, convert with Ctrl+Enter, open a diagnostic with Enter, download", async () => {
    const page = await open();
    await page.getByTestId("source").fill(BUNDLE);
    await page.getByTestId("target-format").focus();
    await page.keyboard.press("Tab");
    expect(await page.locator(":focus").getAttribute("id")).toBe("opt-private");
    await page.getByTestId("source").focus();
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => page.getByTestId("output").getByRole("tab").count(), POLL).toBeGreaterThan(0);
    // Every control has an accessible name.
    const unnamed = await page.evaluate(`[...document.querySelectorAll("button, select, textarea, input")].filter((el) => {
      const label = (el.id && document.querySelector('label[for="' + el.id + '"]')) || el.closest("label");
      return !label && !el.getAttribute("aria-label") && !el.textContent.trim();
    }).map((el) => el.outerHTML.slice(0, 80))`);
    expect(unnamed).toEqual([]);
    // The folded notes open with the keyboard, and so does a diagnostic.
    await page.locator("details.notes summary").focus();
    await page.keyboard.press("Enter");
    expect(await page.locator("details.notes").getAttribute("open")).not.toBeNull();
    const first = page.locator('[data-testid="diagnostics"] details.notes .diag').first();
    await first.focus();
    await page.keyboard.press("Enter");
    expect(await first.getAttribute("aria-current")).toBe("true");
    // Arrow keys move between output tabs.
    await page.getByTestId("output").getByRole("tab").first().focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.locator(":focus").textContent()).toBe("billing.agent.json");
    // One document, then all of them as a zip whose entries are the documents.
    const one = page.waitForEvent("download");
    await page.locator("#output-panel-1 .panel-bar button").click();
    const d1 = await one;
    expect(d1.suggestedFilename()).toBe("billing.agent.json");
    const lib = convert(BUNDLE, "agentmug", { file: "input-1.json" });
    expect(readFileSync((await d1.path())!, "utf8")).toBe(lib.outputs.find((o) => o.name === "billing.agent.json")!.text);
    const all = page.waitForEvent("download");
    await page.locator("#download-all").click();
    const d2 = await all;
    expect(d2.suggestedFilename()).toBe("agentport-output.zip");
    const entries = readZip(readFileSync((await d2.path())!));
    expect(entries.map((e) => e.name)).toEqual(lib.outputs.map((o) => o.name));
    for (const e of entries) expect(e.text).toBe(lib.outputs.find((o) => o.name === e.name)!.text);
    await page.close();
  });

  it("served by npm run playground's server on loopback, it works the same", async () => {
    server = spawn(process.execPath, ["scripts/playground-serve.mjs", "--port", "0", "--no-build", "--dir", join(tmp, "page")], { stdio: ["ignore", "pipe", "pipe"] });
    serverUrl = await new Promise<string>((resolve, reject) => {
      let out = "";
      server!.stdout!.on("data", (b: Buffer) => {
        out += b.toString();
        const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
        if (m) resolve(m[0]);
      });
      server!.once("exit", (code) => reject(new Error(`the server exited (${code}): ${out}`)));
    });
    const page = await open(serverUrl);
    await convertText(page, BUNDLE, "mas");
    const names = convert(BUNDLE, "mas", { file: "input-1.json" }).outputs.map((o) => o.name);
    await expect.poll(() => page.getByTestId("output").getByRole("tab").allTextContents(), POLL).toEqual(names);
    await page.close();
    // Only the page itself is served.
    const other = await fetch(new URL("/../package.json", serverUrl));
    expect(other.status).toBe(404);
  });

  it("made no request beyond file:// and the loopback server, and logged no error", () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((u) => !allowed(u))).toEqual([]);
    expect(problems).toEqual([]);
  });
});

/** Entries of a stored (uncompressed) zip, checked against Node's own CRC-32. */
function readZip(buf: Buffer): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  let at = 0;
  while (buf.readUInt32LE(at) === 0x04034b50) {
    expect(buf.readUInt16LE(at + 8)).toBe(0);
    const crc = buf.readUInt32LE(at + 14);
    const size = buf.readUInt32LE(at + 18);
    const nameLen = buf.readUInt16LE(at + 26);
    const extra = buf.readUInt16LE(at + 28);
    const name = buf.subarray(at + 30, at + 30 + nameLen).toString("utf8");
    const data = buf.subarray(at + 30 + nameLen + extra, at + 30 + nameLen + extra + size);
    expect(nodeCrc32(data)).toBe(crc);
    out.push({ name, text: data.toString("utf8") });
    at += 30 + nameLen + extra + size;
  }
  expect(buf.readUInt32LE(buf.length - 22)).toBe(0x06054b50);
  expect(buf.readUInt16LE(buf.length - 12)).toBe(out.length);
  return out;
}
