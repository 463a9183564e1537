import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { preloadInitialRoute } from "./app/router.tsx";
import { afterFirstPaint } from "./lib/first-paint.tsx";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

const root = createRoot(container);
void preloadInitialRoute(window.location.pathname).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);

// The service worker, once the page has loaded and painted (ADR 023): production builds only; `vite dev`
// runs without one.
if (import.meta.env.PROD) {
  addEventListener("load", () =>
    afterFirstPaint()
      .then(() => import("./app/pwa.ts"))
      .catch(() => {}),
  );
}
