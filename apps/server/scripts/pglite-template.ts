// Part of `npm run build` (scripts/build.mjs): the migrated PGlite template folder a new DATA_DIR
// starts from (db/template.ts), written to the folder given (apps/server/dist). Older ones are removed.
import { ensurePgliteTemplateDir, pgliteTemplateDir, pruneStalePgliteTemplates } from "../src/db/template.ts";

const folder = process.argv[2];
if (!folder) throw new Error("usage: pglite-template.ts <folder>");
const dir = await ensurePgliteTemplateDir(pgliteTemplateDir(folder));
pruneStalePgliteTemplates(dir);
console.log(`PGlite template ${dir}`);
