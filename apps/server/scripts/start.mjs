// `npm start` (issue 21, ADR 019): builds only what changed since the last build (ensure-built.mjs),
// then runs the built server in this same process (one Node start, not npm → npm → node).
import { pathToFileURL } from "node:url";
import { ensureBuilt, TARGETS } from "./ensure-built.mjs";

ensureBuilt("web");
ensureBuilt("server");
process.setSourceMapsEnabled(true);
await import(pathToFileURL(TARGETS.server.output).href);
