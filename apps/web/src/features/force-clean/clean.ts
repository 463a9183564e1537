/** Everything /force-clean removes (overview §2): service workers, caches and all browser storage. */
export async function cleanBrowserData(): Promise<void> {
  const failures: unknown[] = [];
  const attempt = async (step: () => Promise<unknown> | unknown) => {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  };

  // The worker in charge of this page stops keeping answers first: a read already on its way would
  // otherwise bring a deleted cache back.
  await attempt(() => askWorkerToStopCaching());

  await attempt(async () => {
    if (!("serviceWorker" in navigator)) return;
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  });

  await attempt(async () => {
    if (typeof caches === "undefined") return;
    // Twice, a moment apart: a write that was already under way when the first pass ran is gone too.
    for (let pass = 0; pass < 2; pass++) {
      if (pass > 0) await new Promise((resolve) => setTimeout(resolve, 150));
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
  });

  await attempt(() => window.localStorage.clear());
  await attempt(() => window.sessionStorage.clear());

  await attempt(async () => {
    if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
    const databases = await indexedDB.databases();
    await Promise.all(
      databases
        .map((database) => database.name)
        .filter((name): name is string => Boolean(name))
        .map(
          (name) =>
            new Promise<void>((resolve, reject) => {
              const request = indexedDB.deleteDatabase(name);
              request.onsuccess = () => resolve();
              request.onerror = () => reject(request.error);
              // Another tab keeps it open: it will be deleted once that tab closes.
              request.onblocked = () => resolve();
            }),
        ),
    );
  });

  if (failures.length > 0) {
    throw new Error("No se pudieron eliminar todos los datos guardados.", { cause: failures[0] });
  }
}

/** Tells the controlling service worker to keep nothing more; waits for its answer (at most 2 s). */
function askWorkerToStopCaching(): Promise<void> {
  const worker = "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
  if (!worker) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 2000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: "CLEAN" }, [channel.port2]);
  });
}
