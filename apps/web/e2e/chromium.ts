import { existsSync } from "node:fs";

/**
 * The Chromium the browser tests drive (ADR 031): Debian's `chromium-headless-shell` when it is
 * installed, else Debian's `chromium`; `E2E_CHROMIUM` names another executable. The headless shell
 * is the same Chromium release from the same Debian source (Blink, V8, the network stack, service
 * workers), without the desktop browser's windowing and display compositing: what Playwright itself
 * runs for headless tests, here from the distribution instead of a download. It costs about 1.6x less
 * CPU per test than the full browser in headless mode, on machines where Chromium is most of the
 * browser step's CPU.
 */
const CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"] as const;

export function chromiumPath(): string | undefined {
  const chosen = process.env.E2E_CHROMIUM;
  if (chosen) return existsSync(chosen) ? chosen : undefined;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

export const MISSING_CHROMIUM = process.env.E2E_CHROMIUM
  ? `Falta Chromium en ${process.env.E2E_CHROMIUM} (E2E_CHROMIUM)`
  : "Falta Chromium: instala chromium-headless-shell o chromium (apt-get install chromium-headless-shell chromium)";
