// Every registered format's coverage declarations (src/adapters/<id>/coverage.ts),
// found through the registry: a new format is covered by adding its folder.
import type { FormatCoverage } from "../../src/ir/coverage.js";
import { FORMAT_IDS } from "./cases.js";

function isCoverage(v: unknown): v is FormatCoverage {
  return typeof v === "object" && v !== null && typeof (v as FormatCoverage).format === "string" && typeof (v as FormatCoverage).parse === "object";
}

const modules: Record<string, unknown>[] = await Promise.all(FORMAT_IDS.map((id) => import(`../../src/adapters/${id}/coverage.ts`) as Promise<Record<string, unknown>>));

export const COVERAGES: readonly FormatCoverage[] = modules.map((m, i) => {
  const cov = Object.values(m).find(isCoverage);
  if (!cov) throw new Error(`src/adapters/${FORMAT_IDS[i]}/coverage.ts exports no coverage declaration`);
  return cov;
});
