/// <reference lib="webworker" />
/**
 * Valoriza's service worker (issue 20 item 1, ADR 023), built by vite-plugin-pwa (injectManifest) in
 * production builds only.
 *
 * - The app shell is precached: every bundle, style, page and icon of the build. A navigation is answered
 *   with the precached index.html (the app opens offline), except /api, /docs, /force-clean and /uploads,
 *   which always go to the network (/force-clean must reach a fresh page even when this worker is broken).
 * - API reads (GET /api/…) go network-first and keep the last JSON answer for when the network fails.
 *   Each answer is stored under the person who asked (the token's subject; 'anon' for visitors), so one
 *   person's answers never answer another's requests; and the whole cache is deleted when someone signs
 *   in, signs up or signs out (here, as the request goes by, and by the page: src/lib/personal-cache.ts). Writes
 *   are never cached, nor the live-events stream, CSV downloads or answers the server marks `no-store`.
 * - Uploaded photos are kept cache-first (their URLs never change), in the same cache.
 * - Web Push: `push` shows the notification of a JSON payload {title, body, url, tag};
 *   `notificationclick` focuses an open tab (taking it to `url`) or opens one.
 * - A new version waits until the page asks it to take over ('Nueva versión disponible' → 'Recargar').
 */
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { personalKey, requester, sameOriginPath } from "./sw-helpers.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The cache of a person's data: API answers and photos (the page deletes it too: src/lib/personal-cache.ts). */
const PERSONAL_CACHE = "valoriza-personal";
const personalExpiration = new ExpirationPlugin({
  maxEntries: 400,
  maxAgeSeconds: 30 * 24 * 60 * 60,
  purgeOnQuotaError: true,
});

// ---- App shell ---------------------------------------------------------------------------------

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL("index.html"), {
    denylist: [/^\/api(?:\/|$)/, /^\/docs(?:\/|$)/, /^\/force-clean(?:\/|$)/, /^\/uploads\//, /^\/metrics(?:\/|$)/],
  }),
);

// ---- API reads: network first, the last answer kept per person ----------------------------------

/**
 * Bumped when the cached answers are forgotten (someone signs in or out): an answer whose request
 * started before that is not stored afterwards.
 */
let generation = 0;

/**
 * Set by /force-clean (message 'CLEAN'): this worker is being removed, so it keeps nothing more, not
 * even the answer to a read that was already on its way (it would bring the deleted cache back).
 */
let cleaning = false;

/** Sign-in, sign-up and sign-out: nothing kept for the last person survives them. */
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/api\/users\/(?:login|register|logout)$/.test(url.pathname),
  async ({ request }) => {
    generation += 1;
    await caches.delete(PERSONAL_CACHE);
    return fetch(request);
  },
  "POST",
);

const perPerson: WorkboxPlugin = {
  handlerWillStart: async ({ state }) => {
    if (state) state.generation = generation;
  },
  cacheKeyWillBeUsed: async ({ request }) => personalKey(request.url, requester(request.headers.get("Authorization"))),
  cacheWillUpdate: async ({ request, response, state }) => {
    if (cleaning) return null;
    if (state?.generation !== generation || !requester(request.headers.get("Authorization"))) return null;
    if (response.status !== 200) return null;
    if (!(response.headers.get("Content-Type") ?? "").includes("application/json")) return null;
    if (/no-store/i.test(response.headers.get("Cache-Control") ?? "")) return null;
    return response;
  },
  // Forgotten while it was being written: remove it again.
  cacheDidUpdate: async ({ cacheName, request, state }) => {
    if (cleaning) await caches.delete(cacheName);
    else if (state?.generation !== generation) await (await caches.open(cacheName)).delete(request);
  },
};

/** Photos: kept when they arrive whole (200), never while /force-clean is removing everything. */
const photos: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (cleaning || response.status !== 200 ? null : response),
  cacheDidUpdate: async ({ cacheName }) => {
    if (cleaning) await caches.delete(cacheName);
  },
};

/** Never kept: the live-events stream and its ticket, health, docs, push keys, CSV downloads. */
const UNCACHED_API = /^\/api\/(?:eventos|health|docs|push)(?:\/|$)/;

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === "GET" &&
    url.pathname.startsWith("/api/") &&
    !UNCACHED_API.test(url.pathname) &&
    !url.searchParams.has("formato") &&
    !(request.headers.get("Accept") ?? "").includes("text/event-stream"),
  new NetworkFirst({ cacheName: PERSONAL_CACHE, plugins: [perPerson, personalExpiration] }),
  "GET",
);

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === "GET" && url.pathname.startsWith("/uploads/"),
  new CacheFirst({ cacheName: PERSONAL_CACHE, plugins: [photos, personalExpiration] }),
  "GET",
);

// ---- Messages from the page ---------------------------------------------------------------------

// 'Recargar' on 'Nueva versión disponible' (workbox-window's messageSkipWaiting).
// /force-clean: keep nothing more, drop every cache, then answer on the message's port.
self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === "SKIP_WAITING") void self.skipWaiting();
  if (type === "CLEAN") {
    cleaning = true;
    generation += 1;
    event.waitUntil(
      caches
        .keys()
        .then((keys) => Promise.all(keys.map((key) => caches.delete(key))))
        .finally(() => event.ports[0]?.postMessage({ type: "CLEANED" })),
    );
  }
});

// The first version takes the open pages at once (their next reads are kept); later versions wait.
clientsClaim();

// ---- Web Push -----------------------------------------------------------------------------------

interface PushPayload {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
}

self.addEventListener("push", (event: PushEvent) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() as PushPayload | undefined) ?? {};
  } catch {
    payload = { body: event.data?.text() };
  }
  const title = typeof payload.title === "string" && payload.title ? payload.title : "Valoriza";
  const tag = typeof payload.tag === "string" && payload.tag ? payload.tag : undefined;
  const options: NotificationOptions & { renotify?: boolean } = {
    body: typeof payload.body === "string" ? payload.body : "",
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    lang: "es-CO",
    dir: "ltr",
    data: { url: sameOriginPath(payload.url, self.location.origin) },
    ...(tag ? { tag, renotify: true } : {}),
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event: NotificationEvent) => {
  event.notification.close();
  const path = sameOriginPath((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = windows.find((client) => client.url === target);
      if (same) {
        await same.focus();
        return;
      }
      const open = windows[0];
      if (open) {
        const focused = await open.focus();
        const moved = await focused.navigate(target).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
