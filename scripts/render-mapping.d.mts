// Types of scripts/render-mapping.mjs for the tests that render with it.
import type { FormatCoverage } from "../src/ir/coverage.js";
import type { buildMatrix, STATUSES } from "../src/ir/coverage-matrix.js";

export function renderMapping(coverages: readonly FormatCoverage[], matrix: { buildMatrix: typeof buildMatrix; STATUSES: typeof STATUSES }, maxDepth: number): string;
