// After a migration written by hand: records db/schema as the drizzle-kit snapshot of the newest
// journal entry, so `npm run db:generate -w @valoriza/server` compares against it (issue 18 item 6;
// ARCHITECTURE.md "Changing the database schema"). Run from the repository root:
//   npx tsx apps/server/scripts/db-snapshot.ts
import { pendingSchemaChanges, writeSchemaSnapshot } from "../src/db/snapshot.ts";

const before = await pendingSchemaChanges();
const file = writeSchemaSnapshot();
const after = await pendingSchemaChanges();
console.log(`${file}: db/schema recorded (${before.length} statements were pending, ${after.length} now)`);
if (after.length > 0) process.exitCode = 1;
