/// <reference types="vite-plugin-pwa/client" />

import { registerSW } from "virtual:pwa-register";
import { createElement, useEffect, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { UpdateNotice } from "./UpdateNotice.tsx";

/**
 * The installable app's code that the first page load does without (ADR 023), in one chunk: the
 * service worker's registration, 'Nueva versión disponible', the menu's 'Instalar app' and the
 * 'Sin conexión' notice. Importing it registers the service worker: main.tsx imports it once the page
 * has loaded (production builds only), Layout when the connection is lost, the menu for 'Instalar app'
 * (whichever comes first; in `vite dev` the plugin's registerSW does nothing).
 */

export { OfflineNotice } from "./OfflineNotice.tsx";

/** A tab left open still learns of a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** The browser's offer to install the app, for the menu's 'Instalar app'. */
let installOffer: InstallPromptEvent | null = null;

let updateNotice: Root | undefined;

/** 'Nueva versión disponible' in its own small root, over the page. */
function announceUpdate(activate: () => void): void {
  if (updateNotice) return;
  const host = document.createElement("div");
  document.body.append(host);
  updateNotice = createRoot(host);
  updateNotice.render(createElement(UpdateNotice, { onReload: activate }));
}

/**
 * Registers src/sw.ts (built to /sw.js) through vite-plugin-pwa's module (workbox-window), and keeps
 * the browser's install offer (browsers make it after the load) for the menu instead of showing their
 * own banner.
 */
function registerServiceWorker(): void {
  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installOffer = event as InstallPromptEvent;
  });
  addEventListener("appinstalled", () => {
    installOffer = null;
  });
  const updateSW = registerSW({
    immediate: true,
    // 'Recargar': the new worker takes over ('SKIP_WAITING') and the page reloads once it controls it.
    // (The plugin reloads by itself only where a worker controlled the page when it loaded.)
    onNeedRefresh: () =>
      announceUpdate(() => {
        navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
        void updateSW(true);
      }),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError: () => undefined,
  });
}

/**
 * 'Instalar app' (the menu): the browser's offer, or null when it makes none — not yet, not this
 * browser, or the app is installed.
 */
export function useInstallApp(): (() => Promise<void>) | null {
  const [offer, setOffer] = useState(installOffer);
  useEffect(() => {
    // registerServiceWorker keeps the event; this follows it while the menu is mounted.
    const follow = () => queueMicrotask(() => setOffer(installOffer));
    addEventListener("beforeinstallprompt", follow);
    addEventListener("appinstalled", follow);
    return () => {
      removeEventListener("beforeinstallprompt", follow);
      removeEventListener("appinstalled", follow);
    };
  }, []);
  if (!offer) return null;
  return async () => {
    installOffer = null;
    setOffer(null);
    await offer.prompt();
    await offer.userChoice.catch(() => undefined);
  };
}

registerServiceWorker();
