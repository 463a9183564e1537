// Runs the server suite against a real PostgreSQL (TEST_DATABASE_URL, default the local test database).
import { spawnSync } from "node:child_process";

const url = process.env.TEST_DATABASE_URL || "postgres://root@127.0.0.1:5432/test";
const r = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(r.status ?? 1);
