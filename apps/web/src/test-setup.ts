import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// The files share one worker and one window (vitest.config.ts, isolate: false). Each file still starts
// as it would alone: empty storage, and the app's own modules (the session store, the query client,
// the toasts) evaluated anew for it, after its vi.hoisted code. Libraries stay loaded.
window.localStorage.clear();
window.sessionStorage.clear();
vi.resetModules();

// Without vitest's globals Testing Library cannot register its own cleanup: each test starts on an empty page.
afterEach(() => {
  cleanup();
});
