// What this format offers `npm run bench` and `npm run corpus` (scripts/bench.mjs and
// scripts/gen-corpus.mjs find this file in every adapter folder).

/** gen-corpus: a copy of a golden input of this format made distinct by `tag`, with a longer prompt. */
export function vary(d, tag, sentence) {
  d.id += tag;
  d.name += tag;
  d.blueprint.systemPrompt += " " + sentence();
}
