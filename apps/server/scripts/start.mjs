// `npm start` (issue 21, ADR 019): builds only what changed since the last build (ensure-built.mjs),
// then runs the built server in this same process (one Node start, not npm → npm → node). Its
// stacks name the TypeScript sources; the bundle reads its map on the first stack written
// (src/lib/stack-maps.ts), not at start.
import { pathToFileURL } from "node:url";
import { ensureBuilt, TARGETS } from "./ensure-built.mjs";

ensureBuilt("web");
ensureBuilt("server");
await import(pathToFileURL(TARGETS.server.output).href);
