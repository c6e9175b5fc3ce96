// Comments of a YAML input carried into an output written as YAML. Data has no
// comments, so the emitters cannot write them: the hub puts them back in the text.
// The leading block (a license header, a note on what the file is) goes into any
// YAML output made from the input; every other comment only into an output of the
// input's own format, at the same place (the same key path), where it still means
// what it said.
import { isMap, isPair, isScalar, isSeq, parseDocument, type Document } from "yaml";

/** The comment lines (and blank lines between them) that open `text`, with their line breaks. */
export function leadingComments(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let end = 0;
  let lastComment = 0;
  for (const m of body.matchAll(/[^\n]*\n|[^\n]+$/g)) {
    const line = m[0].replace(/\r?\n$/, "").trim();
    if (line !== "" && !line.startsWith("#")) break;
    end += m[0].length;
    if (line.startsWith("#")) lastComment = end;
  }
  if (lastComment === 0) return "";
  // One blank line after the block stays: it separates a header from the content.
  const block = body.slice(0, lastComment);
  const rest = body.slice(lastComment, end);
  return (block.endsWith("\n") ? block : block + "\n") + (/\n/.test(rest) ? "\n" : "");
}

/** `output` with the leading comment block of `source` in front of it. */
export function withLeadingComments(source: string, output: string): string {
  const block = leadingComments(source);
  return block === "" || output.startsWith(block) ? output : block + output;
}

type CommentNode = { commentBefore?: string | null; comment?: string | null; spaceBefore?: boolean };

function copyComments(from: unknown, to: unknown): boolean {
  if (from === null || typeof from !== "object" || to === null || typeof to !== "object") return false;
  const f = from as CommentNode;
  const t = to as CommentNode;
  let carried = false;
  if (f.commentBefore && !t.commentBefore) {
    t.commentBefore = f.commentBefore;
    carried = true;
  }
  if (f.comment && !t.comment) {
    t.comment = f.comment;
    carried = true;
  }
  if (f.spaceBefore && !t.spaceBefore) t.spaceBefore = true;
  return carried;
}

/** Copies the comments of `from` onto the nodes of `to` at the same key paths (list items by index). */
function carryNode(from: unknown, to: unknown): boolean {
  let carried = copyComments(from, to);
  if (isMap(from) && isMap(to)) {
    for (const p of from.items) {
      if (!isPair(p) || !isScalar(p.key)) continue;
      const key = String(p.key.value);
      const q = to.items.find((x) => isPair(x) && isScalar(x.key) && String(x.key.value) === key);
      if (!q) continue;
      carried = copyComments(p.key, q.key) || carried;
      carried = carryNode(p.value, q.value) || carried;
    }
  } else if (isSeq(from) && isSeq(to)) {
    from.items.forEach((item, i) => {
      carried = carryNode(item, to.items[i]) || carried;
    });
  }
  return carried;
}

/**
 * `output` (YAML of the same format as `source`) with every comment of `source` at the
 * place it had: the leading block first, then each comment on the node of the same path.
 * When there is nothing to carry, or either text is not clean YAML, `output` is returned as
 * it was (plus the leading block).
 */
export function carryComments(source: string, output: string): string {
  const block = leadingComments(source);
  const body = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  let from: Document.Parsed;
  let to: Document.Parsed;
  try {
    // Blank lines stand in for the leading block, so it is not carried twice.
    from = parseDocument(body.slice(0, block.length).replace(/[^\n]/g, "") + body.slice(block.length), { keepSourceTokens: false });
    to = parseDocument(output);
  } catch {
    return withLeadingComments(source, output);
  }
  if (from.errors.length > 0 || to.errors.length > 0) return withLeadingComments(source, output);
  let carried = carryNode(from.contents, to.contents);
  if (from.comment && !to.comment) {
    to.comment = from.comment;
    carried = true;
  }
  if (!carried) return withLeadingComments(source, output);
  // The emitter's own layout choices (quotes, literal blocks) are kept by the parsed nodes.
  const text = to.toString({ lineWidth: 0, indentSeq: true });
  return block === "" ? text : block + text;
}
