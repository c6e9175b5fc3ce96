// A mas app whose agent names skills (spec.skills, each a skills/<name>/SKILL.md the runtime finds by
// name and appends to the prompt), converted to Agent Spec or AgentMug and from there back to mas in
// another folder, wrote an agent naming its skills with no SKILL.md beside it: the mas runtime fails
// with SkillNotFoundError (found by trying the session's tool-file fix on the golden app). The stash
// keeps each SKILL.md's text (IrSkill.document): it is written where the runtime finds it.
import { describe, expect, it } from "vitest";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

function app(): string {
  const d = tempDir("agentport-skillfiles-");
  cpSync("golden/mas-app-skills", join(d, "app"), { recursive: true });
  rmSync(join(d, "app/expected"), { recursive: true });
  return d;
}

describe("mas app with skills → another format → mas in another folder", () => {
  for (const via of ["agentspec", "agentmug"]) {
    it(`through ${via}: each SKILL.md is written beside the agent that names it, and the way back reads it`, async () => {
      const d = app();
      expect((await cli(["convert", join(d, "app/input.yaml"), "--to", via, "-o", join(d, "mid") + "/"])).code).toBe(0);
      const back = await cli(["convert", join(d, "mid"), "--to", "mas", "-o", join(d, "back") + "/", "--json"]);
      expect(back.code, back.stderr).toBe(0);
      const body = JSON.parse(back.stdout) as { diagnostics: { code: string; message: string }[] };
      expect(body.diagnostics.filter((x) => x.code === "unresolved-skill")).toEqual([]);
      // Through Agent Spec one team document comes back as an app in its own folder; through AgentMug, one file per agent.
      const out = via === "agentspec" ? join(d, "back", "moderator-team") : join(d, "back");
      for (const name of ["trip-orchestration", "answer-formatting"]) {
        const written = join(out, "skills", name, "SKILL.md");
        expect(existsSync(written), written).toBe(true);
        expect(readFileSync(written, "utf8")).toBe(readFileSync(join(d, "app/skills", name, "SKILL.md"), "utf8"));
      }
      // The written app converts again with no skill unresolved.
      const again = await cli(["convert", out, "--to", "caplo", "-o", join(d, "caplo") + "/", "--json"]);
      expect((JSON.parse(again.stdout) as { diagnostics: { code: string }[] }).diagnostics.filter((x) => x.code === "unresolved-skill")).toEqual([]);
    });
  }
});
