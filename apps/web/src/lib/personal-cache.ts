/**
 * Sign-in and 'Salir' (ADR 023): the service worker's cache of a person's data (src/sw.ts: API
 * answers and photos) is deleted, so the next person on this device never sees the last one's. The
 * worker also deletes it when it sees the sign-in or sign-out go by (and any answer still being
 * written then). A session that only expired keeps it: the same person signs in again.
 */
export function forgetPersonalCaches(): void {
  void globalThis.caches?.delete("valoriza-personal").catch(() => {});
}
