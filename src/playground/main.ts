// The playground page: files in, converted documents and diagnostics out, all in this tab.
// The logic lives in model.ts; this file only wires it to the DOM.
import { formats, type Diagnostic } from "../index.js";
import { countsPerOutput, outputLine, summarise } from "../cli/text-report.js";
import { behaviourLine, fidelityLine } from "../cli/fidelity-summary.js";
import { classify, groupDiagnostics, locateTarget, runConversion, sourceFileIndex, type FileKind, type PageFile, type PageResult } from "./model.js";
import { zip } from "./zip.js";

/** The quick-start example, inlined at build time (scripts/playground-build.mjs). */
declare const __PLAYGROUND_EXAMPLE__: { name: string; text: string };

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
};

const ui = {
  form: $<HTMLFormElement>("controls"),
  target: $<HTMLSelectElement>("target-format"),
  includePrivate: $<HTMLInputElement>("opt-private"),
  noStash: $<HTMLInputElement>("opt-nostash"),
  bundle: $<HTMLInputElement>("opt-bundle"),
  exportedAt: $<HTMLInputElement>("opt-exported-at"),
  exportedNow: $<HTMLButtonElement>("exported-now"),
  sourcePane: $("source-pane"),
  sourcePanel: $("source-panel"),
  fileTabs: $("file-tabs"),
  fileName: $<HTMLInputElement>("file-name"),
  newFile: $<HTMLButtonElement>("new-file"),
  openFiles: $<HTMLInputElement>("open-files"),
  loadExample: $<HTMLButtonElement>("load-example"),
  removeFile: $<HTMLButtonElement>("remove-file"),
  detected: $("detected"),
  gutter: $("gutter"),
  source: $<HTMLTextAreaElement>("source"),
  mark: $("source-mark"),
  stale: $("stale"),
  outputTabs: $("output-tabs"),
  outputPanels: $("output-panels"),
  outputEmpty: $("output-empty"),
  downloadAll: $<HTMLButtonElement>("download-all"),
  diagnostics: $("diagnostics"),
  announce: $("announce"),
};

interface State {
  files: PageFile[];
  kinds: FileKind[];
  active: number;
  /** Names the user typed or that came with a file; others follow the content (.json/.yaml). */
  named: boolean[];
  result?: PageResult;
  /** Each converted output's place in the result, for the output tabs. */
  activeOutput: number;
  /** The source line marked by the last selected diagnostic. */
  mark?: { file: number; line: number };
  selected?: number;
  targetTouched: boolean;
}

const state: State = { files: [{ name: "input-1.json", text: "" }], kinds: [], active: 0, named: [false], activeOutput: 0, targetTouched: false };

// ---- controls -------------------------------------------------------------------------------

const LABELS = new Map(formats().map((f) => [f.id, f.label]));
for (const f of formats()) {
  const o = document.createElement("option");
  o.value = f.id;
  o.textContent = f.label;
  ui.target.append(o);
}

ui.form.addEventListener("submit", (e) => {
  e.preventDefault();
  convertNow();
});
document.addEventListener("keydown", (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
    e.preventDefault();
    convertNow();
  }
});
ui.target.addEventListener("change", () => {
  state.targetTouched = true;
  markStale();
});
for (const el of [ui.includePrivate, ui.noStash, ui.bundle, ui.exportedAt]) el.addEventListener("input", markStale);
ui.exportedNow.addEventListener("click", () => {
  ui.exportedAt.value = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  markStale();
});

// ---- source files ---------------------------------------------------------------------------

function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function renderGutter(): void {
  const n = lineCount(ui.source.value);
  const marked = state.mark && state.mark.file === state.active ? state.mark.line : -1;
  const frag = document.createDocumentFragment();
  for (let i = 1; i <= n; i++) {
    const s = document.createElement("span");
    s.textContent = String(i);
    if (i === marked) s.className = "hl";
    frag.append(s, "\n");
  }
  ui.gutter.replaceChildren(frag);
  placeMark();
}

function lineHeight(): number {
  return parseFloat(getComputedStyle(ui.source).lineHeight) || 20;
}

/** Keeps the gutter and the marked line in step with the textarea's scrolling. */
function placeMark(): void {
  ui.gutter.scrollTop = ui.source.scrollTop;
  const m = state.mark;
  if (!m || m.file !== state.active) {
    ui.mark.hidden = true;
    delete ui.source.dataset["highlightLine"];
    return;
  }
  const pad = parseFloat(getComputedStyle(ui.source).paddingTop) || 0;
  ui.mark.hidden = false;
  ui.mark.style.top = `${pad + (m.line - 1) * lineHeight() - ui.source.scrollTop}px`;
  ui.source.dataset["highlightLine"] = String(m.line);
}

function refreshKinds(): void {
  state.kinds = classify(state.files);
  renderFileTabs();
  const k = state.kinds[state.active];
  const text = state.files[state.active]?.text ?? "";
  if (!k || text.trim() === "") ui.detected.textContent = "Paste, type or drop a manifest.";
  else if (k.format) ui.detected.replaceChildren("Detected: ", strong(k.note));
  else ui.detected.textContent = k.input ? `Not recognised: ${k.note}` : `Not a manifest: ${k.note}.`;
  // The first time a format shows up, offer a different target: converting to the same format is rarely the point.
  if (!state.targetTouched && k?.format && ui.target.value === k.format) {
    const other = [...ui.target.options].find((o) => o.value !== k.format);
    if (other) ui.target.value = other.value;
  }
}

function strong(text: string): HTMLElement {
  const s = document.createElement("strong");
  s.textContent = text;
  return s;
}

function renderFileTabs(): void {
  const tabs = state.files.map((f, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("role", "tab");
    b.id = `file-tab-${i}`;
    b.setAttribute("aria-controls", "source-panel");
    b.setAttribute("aria-selected", String(i === state.active));
    b.tabIndex = i === state.active ? 0 : -1;
    b.textContent = f.name || "(unnamed)";
    const k = state.kinds[i];
    if (k && f.text.trim() !== "") {
      const badge = document.createElement("span");
      badge.className = k.format ? "badge" : k.input ? "badge bad" : "badge";
      badge.textContent = k.format ? k.label ?? k.format : k.input ? "not recognised" : "referenced file";
      b.append(badge);
    }
    b.addEventListener("click", () => selectFile(i));
    return b;
  });
  ui.fileTabs.replaceChildren(...tabs);
  ui.sourcePanel.setAttribute("aria-labelledby", `file-tab-${state.active}`);
  ui.removeFile.disabled = state.files.length === 1 && state.files[0]!.text === "";
}

function selectFile(i: number, focusTab = false): void {
  state.active = Math.max(0, Math.min(i, state.files.length - 1));
  const f = state.files[state.active]!;
  ui.source.value = f.text;
  ui.fileName.value = f.name;
  ui.source.setAttribute("aria-label", `Source text of ${f.name || "the unnamed file"}`);
  refreshKinds();
  renderGutter();
  if (focusTab) document.getElementById(`file-tab-${state.active}`)?.focus();
}

function sniffName(name: string, text: string): string {
  const json = /^[\s\uFEFF]*[[{]/.test(text);
  return name.replace(/\.(json|ya?ml)$/i, "") + (json ? ".json" : ".yaml");
}

ui.source.addEventListener("input", () => {
  const f = state.files[state.active]!;
  f.text = ui.source.value;
  if (!state.named[state.active]) {
    f.name = sniffName(f.name, f.text);
    ui.fileName.value = f.name;
  }
  if (state.mark?.file === state.active) state.mark = undefined;
  renderGutter();
  scheduleDetect();
  markStale();
});
ui.source.addEventListener("scroll", placeMark);
ui.fileName.addEventListener("input", () => {
  state.files[state.active]!.name = ui.fileName.value;
  state.named[state.active] = true;
  scheduleDetect();
  markStale();
});

let detectTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleDetect(): void {
  if (detectTimer !== undefined) clearTimeout(detectTimer);
  detectTimer = setTimeout(refreshKinds, 150);
}

ui.newFile.addEventListener("click", () => {
  state.files.push({ name: `input-${state.files.length + 1}.json`, text: "" });
  state.named.push(false);
  selectFile(state.files.length - 1);
  ui.source.focus();
});
ui.removeFile.addEventListener("click", () => {
  state.files.splice(state.active, 1);
  state.named.splice(state.active, 1);
  if (state.files.length === 0) {
    state.files.push({ name: "input-1.json", text: "" });
    state.named.push(false);
  }
  state.mark = undefined;
  selectFile(Math.min(state.active, state.files.length - 1));
  markStale();
});
ui.loadExample.addEventListener("click", () => addFiles([__PLAYGROUND_EXAMPLE__]));

// Arrow keys move between tabs (the WAI-ARIA tabs pattern); Tab moves on to the panel.
function tabKeys(list: HTMLElement, count: () => number, current: () => number, select: (i: number) => void): void {
  list.addEventListener("keydown", (e) => {
    const n = count();
    const moves: Record<string, number> = { ArrowRight: current() + 1, ArrowLeft: current() - 1, Home: 0, End: n - 1 };
    const to = moves[e.key];
    if (to === undefined || n === 0) return;
    e.preventDefault();
    select((to + n) % n);
  });
}
tabKeys(ui.fileTabs, () => state.files.length, () => state.active, (i) => selectFile(i, true));
tabKeys(ui.outputTabs, () => state.result?.outputs.length ?? 0, () => state.activeOutput, (i) => selectOutput(i, true));

/** Adds files (replacing ones of the same name, and the empty starting file). */
function addFiles(files: readonly PageFile[]): void {
  if (files.length === 0) return;
  if (state.files.length === 1 && state.files[0]!.text.trim() === "") {
    state.files = [];
    state.named = [];
  }
  for (const f of files) {
    const at = state.files.findIndex((x) => x.name === f.name);
    if (at === -1) {
      state.files.push({ name: f.name, text: f.text });
      state.named.push(true);
    } else state.files[at] = { name: f.name, text: f.text };
  }
  state.mark = undefined;
  // Show the first manifest given, not a prompt file.
  const kinds = classify(state.files);
  const first = state.files.findIndex((x, i) => kinds[i]!.format !== undefined && files.some((f) => f.name === x.name));
  selectFile(first === -1 ? state.files.length - 1 : first);
  markStale();
  announce(`${files.length} file${files.length === 1 ? "" : "s"} added`);
}

ui.openFiles.addEventListener("change", async () => {
  const list = [...(ui.openFiles.files ?? [])];
  addFiles(await Promise.all(list.map(async (f) => ({ name: f.webkitRelativePath || f.name, text: await f.text() }))));
  ui.openFiles.value = "";
});

// Dropping: files and whole folders (their relative paths matter: a manifest may name other files by path).
// dragenter/dragleave fire for every child crossed: count them to know when the pointer left the pane.
let dragDepth = 0;
ui.sourcePane.addEventListener("dragenter", () => {
  dragDepth++;
  ui.sourcePane.classList.add("dragging");
});
ui.sourcePane.addEventListener("dragleave", () => {
  if (--dragDepth <= 0) {
    dragDepth = 0;
    ui.sourcePane.classList.remove("dragging");
  }
});
ui.sourcePane.addEventListener("dragover", (e) => e.preventDefault());
ui.sourcePane.addEventListener("drop", async (e) => {
  e.preventDefault();
  dragDepth = 0;
  ui.sourcePane.classList.remove("dragging");
  const dt = e.dataTransfer;
  if (!dt) return;
  const entries = [...dt.items].map((it) => it.webkitGetAsEntry?.()).filter((x): x is FileSystemEntry => !!x);
  if (entries.length > 0) {
    const out: PageFile[] = [];
    await Promise.all(entries.map((en) => readEntry(en, "", out)));
    addFiles(out.sort((a, b) => a.name.localeCompare(b.name)));
  } else {
    addFiles(await Promise.all([...dt.files].map(async (f) => ({ name: f.name, text: await f.text() }))));
  }
});

async function readEntry(entry: FileSystemEntry, prefix: string, out: PageFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej));
    out.push({ name: prefix + entry.name, text: await file.text() });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries returns the folder in batches; an empty batch is the end.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
    if (batch.length === 0) break;
    await Promise.all(batch.map((b) => readEntry(b, `${prefix}${entry.name}/`, out)));
  }
}

// ---- converting -----------------------------------------------------------------------------

function markStale(): void {
  if (state.result) ui.stale.hidden = false;
}

function convertNow(): void {
  const f = state.files[state.active]!;
  f.text = ui.source.value;
  // Detection may still be waiting for typing to pause: settle it (and the offered target) first.
  if (detectTimer !== undefined) clearTimeout(detectTimer);
  refreshKinds();
  const exportedAt = ui.exportedAt.value.trim();
  state.result = runConversion(state.files, {
    to: ui.target.value,
    includePrivate: ui.includePrivate.checked,
    noStash: ui.noStash.checked,
    bundle: ui.bundle.checked,
    ...(exportedAt ? { exportedAt } : {}),
  });
  state.selected = undefined;
  state.mark = undefined;
  state.activeOutput = 0;
  ui.stale.hidden = true;
  refreshKinds();
  renderGutter();
  renderOutputs();
  renderDiagnostics();
  const r = state.result;
  announce(r.ok ? `Converted to ${r.outputs.length} document${r.outputs.length === 1 ? "" : "s"}; ${summarise(r.diagnostics)}` : `Not converted: ${summarise(r.diagnostics)}`);
}

function renderOutputs(): void {
  const r = state.result;
  const outputs = r?.outputs ?? [];
  ui.downloadAll.disabled = outputs.length === 0;
  const tabs: HTMLElement[] = [];
  const panels: HTMLElement[] = [];
  outputs.forEach((o, i) => {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.setAttribute("role", "tab");
    tab.id = `output-tab-${i}`;
    tab.setAttribute("aria-controls", `output-panel-${i}`);
    tab.textContent = o.name;
    tab.addEventListener("click", () => selectOutput(i));
    tabs.push(tab);

    const panel = document.createElement("div");
    panel.className = "output-panel";
    panel.id = `output-panel-${i}`;
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", tab.id);
    panel.dataset["outputName"] = o.name;
    const bar = document.createElement("div");
    bar.className = "panel-bar";
    const meta = document.createElement("span");
    meta.textContent = `${LABELS.get(o.format) ?? o.format} · ${lineCount(o.text.replace(/\n$/, ""))} lines`;
    const dl = document.createElement("button");
    dl.type = "button";
    dl.textContent = "Download";
    dl.setAttribute("aria-label", `Download ${o.name}`);
    dl.addEventListener("click", () => download(o.name, new Blob([o.text], { type: "text/plain;charset=utf-8" })));
    bar.append(meta, dl);
    const pre = document.createElement("pre");
    pre.className = "doc";
    pre.tabIndex = 0;
    pre.setAttribute("aria-label", `${o.name}, converted document`);
    const lines = o.text.replace(/\n$/, "").split("\n");
    pre.append(...lines.map((l) => {
      const s = document.createElement("span");
      s.textContent = l === "" ? " " : l;
      return s;
    }));
    panel.append(bar, pre);
    panels.push(panel);
  });
  ui.outputTabs.replaceChildren(...tabs);
  ui.outputPanels.replaceChildren(...(panels.length ? panels : [ui.outputEmpty]));
  ui.outputEmpty.textContent = r && !r.ok ? "No output: the input has errors (see Diagnostics). Nothing was converted." : "Convert to see the documents here.";
  if (outputs.length) selectOutput(0);
}

function selectOutput(i: number, focusTab = false): void {
  state.activeOutput = i;
  ui.outputTabs.querySelectorAll<HTMLElement>('[role="tab"]').forEach((t, j) => {
    t.setAttribute("aria-selected", String(j === i));
    t.tabIndex = j === i ? 0 : -1;
  });
  ui.outputPanels.querySelectorAll<HTMLElement>(".output-panel").forEach((p, j) => (p.hidden = j !== i));
  if (focusTab) document.getElementById(`output-tab-${i}`)?.focus();
}

function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

ui.downloadAll.addEventListener("click", () => {
  const outputs = state.result?.outputs ?? [];
  const files = outputs.flatMap((o) => [{ path: o.name, text: o.text }, ...(o.files ?? [])]);
  download("agentport-output.zip", new Blob([zip(files)], { type: "application/zip" }));
});

// ---- diagnostics ----------------------------------------------------------------------------

function place(d: Diagnostic): string {
  const s = d.source;
  const file = s?.file ?? d.target?.file ?? "";
  const at = s?.line !== undefined ? `${file}:${s.line}:${s.column ?? 1}` : s ? `${file} ${s.pointer || "(document)"}` : file;
  const to = d.target?.file ? ` → ${d.target.file}${d.target.pointer !== undefined ? ` ${d.target.pointer || "(document)"}` : ""}` : "";
  return at + to;
}

function diagItem(d: Diagnostic, index: number): HTMLLIElement {
  const li = document.createElement("li");
  const b = document.createElement("button");
  b.type = "button";
  b.className = `diag ${d.severity}`;
  b.dataset["index"] = String(index);
  b.dataset["code"] = d.code;
  if (d.source) b.dataset["pointer"] = d.source.pointer;
  const sev = document.createElement("span");
  sev.className = "sev";
  sev.textContent = d.severity;
  const code = document.createElement("span");
  code.className = "code";
  code.textContent = d.code;
  const loc = document.createElement("span");
  loc.className = "loc";
  loc.textContent = place(d);
  b.append(sev, code);
  // A note says what kind of difference it is (issue 10's effect): metadata or representation.
  const effect = (d as Diagnostic & { effect?: string }).effect;
  if (effect && d.severity === "info") {
    const e = document.createElement("span");
    e.className = "effect";
    e.textContent = effect;
    b.append(" ", e);
  }
  b.append(" ", d.message, loc);
  if (d.hint) {
    const h = document.createElement("span");
    h.className = "hint";
    h.textContent = `hint: ${d.hint}`;
    b.append(h);
  }
  b.addEventListener("click", () => selectDiagnostic(index));
  li.append(b);
  return li;
}

function list(items: HTMLLIElement[]): HTMLUListElement {
  const ul = document.createElement("ul");
  ul.className = "diag-list";
  ul.append(...items);
  return ul;
}

function heading(text: string): HTMLHeadingElement {
  const h = document.createElement("h3");
  h.textContent = text;
  return h;
}

function renderDiagnostics(): void {
  const r = state.result;
  if (!r) return;
  const all = r.diagnostics;
  const index = new Map(all.map((d, i) => [d, i]));
  const g = groupDiagnostics(all);
  const parts: HTMLElement[] = [];
  // The summary in the command line's words (src/cli/fidelity-summary.ts, src/cli/text-report.ts):
  // the behaviour line, one line per output file, each input's exact-carry share, the counts.
  const box = document.createElement("div");
  box.className = "fidelity";
  box.dataset["testid"] = "fidelity";
  const line = (text: string, className?: string) => box.appendChild(Object.assign(document.createElement("p"), { textContent: text, ...(className ? { className } : {}) }));
  if (r.fidelity.length) line(behaviourLine(r.fidelity), "behaviour-line");
  for (const c of countsPerOutput(all, r.outputs.map((o) => o.name))) line(outputLine(c), "output-line");
  for (const f of r.fidelity) line(fidelityLine(f), "exact-line");
  line(r.ok ? summarise(all) : `nothing converted (${summarise(all)})`, "counts");
  parts.push(box);
  if (g.errors.length) parts.push(heading(`Errors (${g.errors.length})`), list(g.errors.map((d) => diagItem(d, index.get(d)!))));
  if (r.ok) {
    parts.push(heading(`Behaviour changes (${g.behaviour.length})`));
    parts.push(g.behaviour.length ? list(g.behaviour.map((d) => diagItem(d, index.get(d)!))) : Object.assign(document.createElement("p"), { className: "empty", textContent: "None reported." }));
  }
  if (g.notes.length) {
    const det = document.createElement("details");
    det.className = "notes";
    const sum = document.createElement("summary");
    sum.textContent = `Notes (${g.notes.length}): metadata and representation`;
    det.append(sum, list(g.notes.map((d) => diagItem(d, index.get(d)!))));
    parts.push(det);
  }
  ui.diagnostics.replaceChildren(...parts);
}

function selectDiagnostic(i: number): void {
  const r = state.result;
  const d = r?.diagnostics[i];
  if (!r || !d) return;
  state.selected = i;
  ui.diagnostics.querySelectorAll<HTMLElement>(".diag").forEach((b) => b.setAttribute("aria-current", String(b.dataset["index"] === String(i))));
  const said: string[] = [];
  // The source side: its file, its line.
  const file = sourceFileIndex(state.files, d);
  if (file !== -1 && d.source?.line !== undefined) {
    state.mark = { file, line: d.source.line };
    if (file !== state.active) selectFile(file);
    else renderGutter();
    const lh = lineHeight();
    ui.source.scrollTop = Math.max(0, (d.source.line - 1) * lh - ui.source.clientHeight / 3);
    const start = offsetOf(ui.source.value, d.source.line, d.source.column ?? 1);
    const lineEnd = ui.source.value.indexOf("\n", start);
    // Selecting the rest of the line makes it the caret's place too, for keyboard and screen-reader users.
    ui.source.setSelectionRange(start, lineEnd === -1 ? ui.source.value.length : lineEnd);
    placeMark();
    said.push(`source ${state.files[file]!.name} line ${d.source.line}, column ${d.source.column ?? 1}`);
  }
  // The output side: the document the target names, the line its pointer lands on.
  ui.outputPanels.querySelectorAll(".doc > span.hl").forEach((s) => s.classList.remove("hl"));
  const t = locateTarget(r.outputs, d);
  if (t) {
    selectOutput(t.output);
    if (t.line !== undefined) {
      const span = ui.outputPanels.querySelectorAll<HTMLElement>(`#output-panel-${t.output} .doc > span`)[t.line - 1];
      if (span) {
        span.classList.add("hl");
        span.scrollIntoView({ block: "center" });
      }
      said.push(`output ${r.outputs[t.output]!.name} line ${t.line}`);
    }
  }
  announce(said.length ? `Marked ${said.join("; ")}` : "This diagnostic has no place to show");
}

/** Offset of 1-based line:column in text (columns count UTF-16 units, as the locator does). */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", at);
    if (nl === -1) return text.length;
    at = nl + 1;
  }
  return Math.min(text.length, at + column - 1);
}

function announce(text: string): void {
  ui.announce.textContent = text;
}

selectFile(0);
