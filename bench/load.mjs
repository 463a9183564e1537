// Load generator for bench/*: runs autocannon in ITS OWN PROCESS (spawned by
// bench/lib.ts), so it never shares a CPU event loop with the server measured.
// Input: the path of a JSON file {url, method, body, headers, tokens, connections, seconds}.
// Output: one JSON line on stdout {perSec, p50, p99, non2xx, errors, total}.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const o = JSON.parse(readFileSync(process.argv[2], "utf8"));
let next = 0;
const base = { ...(o.body ? { "content-type": "application/json" } : {}), ...(o.headers ?? {}) };
// perToken: each connection uses a token for that many requests, then moves on to a token no other
// connection uses (the domain allows 10 registrations per person per day). autocannon gives each
// connection a fresh context whenever it wraps around its list of requests, so the list holds
// perToken copies of the request and the token is drawn on the first of them.
const perToken = o.perToken ?? 0;
const result = await autocannon({
  url: o.url,
  method: o.method ?? "GET",
  body: o.body,
  headers: base,
  ...(perToken > 0
    ? {
        requests: Array.from({ length: perToken }, () => ({
          method: o.method ?? "GET",
          body: o.body,
          setupRequest(req, context) {
            if (context.token === undefined) context.token = o.tokens[next++ % o.tokens.length];
            return { ...req, headers: { ...base, authorization: `Bearer ${context.token}` } };
          },
        })),
      }
    : {}),
  connections: o.connections ?? 32,
  duration: o.seconds ?? 8,
  pipelining: 1,
  // One signed-in user per connection (a credit-moving call per user at a time, as a browser would).
  setupClient:
    o.tokens?.length && !perToken
      ? (client) => {
          const token = o.tokens[next++ % o.tokens.length];
          client.setHeaders({
            ...(o.body ? { "content-type": "application/json" } : {}),
            ...(o.headers ?? {}),
            authorization: `Bearer ${token}`,
          });
        }
      : undefined,
});
process.stdout.write(
  `${JSON.stringify({
    perSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
    // The load generator's own CPU (user + system) over its run, ms: it shares the machine's cores.
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  })}\n`,
);
