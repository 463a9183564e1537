/**
 * The API calls still on their way, by the token they carry. 'Salir' revokes the token on the
 * server only once they are back (or after a short wait): a call that reached the server after the
 * revocation would be answered 401, which the browser reports as a failed load even though
 * nobody is signed in any more to be told.
 */
const pending = new Map<string, Set<Promise<unknown>>>();

/** Runs `call`, counted under `token` until it settles. */
export function track<T>(token: string | null, call: Promise<T>): Promise<T> {
  if (!token) return call;
  let set = pending.get(token);
  if (!set) {
    set = new Set();
    pending.set(token, set);
  }
  const entry = call.then(
    () => undefined,
    () => undefined,
  );
  set.add(entry);
  void entry.then(() => {
    set.delete(entry);
    if (set.size === 0 && pending.get(token) === set) pending.delete(token);
  });
  return call;
}

/** Resolves when every call carrying `token` has settled, or after `maxMs`, whichever is first. */
export function settled(token: string, maxMs: number): Promise<void> {
  const set = pending.get(token);
  if (!set || set.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    void Promise.all([...set]).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
