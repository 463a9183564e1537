// Load generator for bench/transfers.ts: runs in a worker thread.
import { parentPort, workerData } from "node:worker_threads";

const { base, tokens, seconds } = workerData;
const end = performance.now() + seconds * 1000;
const latencies = [];
let count = 0;
let errors = 0;
const body = JSON.stringify({ monto: 1000, tipo: "otro", descripcion: "Carga de benchmark" });

async function client(token) {
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      const r = await fetch(`${base}/api/dinero/registrar`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body,
      });
      await r.arrayBuffer();
      if (r.status === 201) count++;
      else errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - t0);
  }
}

const start = performance.now();
await Promise.all(tokens.map(client));
parentPort.postMessage({ count, errors, latencies, seconds: (performance.now() - start) / 1000 });
