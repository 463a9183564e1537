import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The area boundaries of ADR 004 are enforced by the repository's biome.json, which
 * `npx biome ci .` (npm run lint, .ci/run) applies. This proves the committed config
 * rejects deliberately bad samples (and accepts the allowed shapes) without ever
 * putting a violation in the repository: the samples live in a temporary copy of the
 * folder layout, linted with the repository's own biome.json and Biome binary.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const BIOME = path.join(ROOT, "node_modules", ".bin", "biome");

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "valoriza-boundaries-"));
  copyFileSync(path.join(ROOT, "biome.json"), path.join(dir, "biome.json"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Lints one sample file at `rel` (a path as in the repository); returns Biome's verdict. */
function lint(rel: string, source: string): { failed: boolean; output: string } {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, source);
  const r = spawnSync(BIOME, ["lint", "--vcs-enabled=false", "--colors=off", rel], { cwd: dir, encoding: "utf8" });
  rmSync(file);
  return { failed: r.status !== 0, output: `${r.stdout}${r.stderr}` };
}

const sample = (from: string) => `import { x } from "${from}";\n\nexport const y = x;\n`;

describe("the linter fails a cross-area import", () => {
  const bad: [string, string, string][] = [
    ["apps/server/src/modules/users/users.service.ts", "../ledger/ledger.repository.ts", "index.ts (ADR 004)"],
    ["apps/server/src/modules/deals/deals.service.ts", "../assets/assets.repository.ts", "index.ts (ADR 004)"],
    ["apps/server/src/app.ts", "./modules/users/users.repository.ts", "only through its index.ts"],
    ["apps/server/src/seed/demo.ts", "../modules/assets/assets.service.ts", "only through its index.ts"],
    ["apps/web/src/features/home/HomePage.tsx", "../assets/api.ts", "never imports another feature"],
    ["apps/web/src/features/home/HomePage.tsx", "../../features/wallet/pages.tsx", "never imports another feature"],
    ["apps/web/src/lib/session.tsx", "../components/ui/button.tsx", "imports no component"],
    ["apps/web/src/lib/api.ts", "../features/home/api.ts", "imports no component"],
  ];
  for (const [file, from, message] of bad) {
    it(`${file} importing ${from} fails`, () => {
      const r = lint(file, sample(from));
      expect(r.failed).toBe(true);
      expect(r.output).toContain("noRestrictedImports");
      expect(r.output).toContain(message);
    });
  }
});

describe("the allowed shapes pass", () => {
  const good: [string, string][] = [
    ["apps/server/src/modules/users/users.service.ts", "../ledger/index.ts"],
    ["apps/server/src/modules/users/users.service.ts", "./users.repository.ts"],
    ["apps/server/src/modules/users/users.service.ts", "../../lib/errors.ts"],
    ["apps/server/src/modules/deals/deals.test.ts", "../custody/custody.testkit.ts"],
    ["apps/server/src/app.ts", "./modules/users/index.ts"],
    ["apps/server/src/test/cluster.test.ts", "../modules/custody/custody.testkit.ts"],
    ["apps/web/src/features/home/HomePage.tsx", "./api.ts"],
    ["apps/web/src/features/home/HomePage.tsx", "../../lib/api.ts"],
    ["apps/web/src/features/home/HomePage.tsx", "../../components/ui/button.tsx"],
    ["apps/web/src/lib/session.tsx", "./api.ts"],
  ];
  for (const [file, from] of good) {
    it(`${file} importing ${from} passes`, () => {
      const r = lint(file, sample(from));
      expect(r.output).not.toContain("noRestrictedImports");
      expect(r.failed).toBe(false);
    });
  }
});
