// The reference for per-request overhead: Fastify's hello world, in its own process.
// Prints the port it listens on, then serves until killed.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`${app.server.address().port}\n`);
// A clean exit on SIGTERM lets `node --cpu-prof` write its profile (bench/profile.ts).
process.once("SIGTERM", () => process.exit(0));
