// node:os, loaded on first use: a one-file run that reads no reference never asks for the home
// folder, and only a folder run asks for the core count; loading the builtin module is ~0.3 ms of
// a CLI start (docs/performance.md, session 9).
import { createRequire } from "node:module";

type Os = typeof import("node:os");
let os: Os | undefined;
const load = (): Os => (os ??= createRequire(import.meta.url)("node:os") as Os);

export const homedir = (): string => load().homedir();
export const availableParallelism = (): number => load().availableParallelism();
