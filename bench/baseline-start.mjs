// The bare baseline of `npm run bench:startup` (issue 21): opens PGlite on DATA_DIR/pgdata, runs
// one query and answers GET /api/health from Fastify. Nothing else: no migrations, no app.

import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";

mkdirSync(path.join(process.env.DATA_DIR ?? "./data"), { recursive: true });
const db = await PGlite.create(path.join(process.env.DATA_DIR ?? "./data", "pgdata"));
await db.query("select 1");
const app = Fastify({ logger: false });
app.get("/api/health", async () => ({ status: "ok", database: "ok" }));
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
process.once("SIGTERM", async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
