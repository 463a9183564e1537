/**
 * Vitest globalSetup of the server suite (issue 21, ADR 019): the migrated template every test
 * file starts from is made once per run, before any file starts, instead of each file running
 * initdb and every migration. PGlite: a dump of a migrated data folder (in the OS temp folder,
 * named after the migrations' hash); PostgreSQL (TEST_DATABASE_URL): a template database cloned
 * with CREATE DATABASE … TEMPLATE. A changed migration changes the hash, so a new template is made.
 */
import { ensurePgliteTemplate, ensurePgTemplate, pruneStalePgliteTemplates } from "../db/template.ts";

export default async function setup(): Promise<void> {
  const t0 = performance.now();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = await ensurePgTemplate(url);
    process.env.VALORIZA_TEST_PG_TEMPLATE = name;
  } else {
    const file = await ensurePgliteTemplate();
    pruneStalePgliteTemplates(file);
    process.env.VALORIZA_TEST_PGLITE_TEMPLATE = file;
  }
  if (process.env.TEST_LOG) console.log(`migrated template ready in ${Math.round(performance.now() - t0)} ms`);
}
