#!/usr/bin/env node
// The agentport executable: a thin shell over runCli.
import { processIO } from "./io.js";
import { runCli } from "./run.js";

process.exitCode = await runCli(process.argv.slice(2), processIO, { stderrIsTTY: process.stderr.isTTY === true });
