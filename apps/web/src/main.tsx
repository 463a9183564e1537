import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { preloadInitialRoute } from "./app/router.tsx";
import "./index.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

const root = createRoot(container);
void preloadInitialRoute(window.location.pathname).then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
