import { type ComponentType, lazy, Suspense, useLayoutEffect, useState } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router-dom";
import { LoadingState } from "../components/ui/spinner.tsx";
import { VerifyEmailBanner } from "../features/auth/VerifyEmailBanner.tsx";
import { ConsentGate } from "../features/legal/ConsentGate.tsx";
import { AfterFirstPaint } from "../lib/first-paint.tsx";
import { useLiveEvents } from "../lib/live-events.ts";
import { useOnline } from "../lib/online.ts";
import { useSession } from "../lib/session.tsx";
import { toast } from "../lib/toast.ts";
import { Header } from "./Header.tsx";
import { AuthDialogHost, ToasterHost } from "./LazyHosts.tsx";
import type { OfflineNoticeProps } from "./OfflineNotice.tsx";
import { PageErrorBoundary } from "./RouteError.tsx";

// The footer is below the fold: its links load after the page's first paint (keeps the home route's first
// load within its budget, and its request out of the first paint's way). A chunk that cannot load
// leaves no footer rather than an error page.
const Footer = lazy<ComponentType>(() =>
  import("./Footer.tsx").then(
    (m) => ({ default: m.Footer }),
    () => ({ default: () => null }),
  ),
);

// Offline only (ADR 023): the notice, and the actions needing internet disabled. Without the service
// worker's copy of its module, the words alone.
const OfflineNotice = lazy<ComponentType<OfflineNoticeProps>>(() =>
  import("./pwa.ts").then(
    (m) => ({ default: m.OfflineNotice }),
    () => ({ default: () => "Sin conexión." }),
  ),
);

/** A live region that is always there, so screen readers hear 'Sin conexión' come and go. */
function ConnectionStatus() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <Suspense fallback={null}>
          <OfflineNotice toast={toast} />
        </Suspense>
      )}
    </div>
  );
}

/** New pages start at the top; back/forward keeps the browser's own scroll position. */
function ScrollToTop({ pathname }: { pathname: string }) {
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run again on every new pathname.
  useLayoutEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

/**
 * Pages reached by navigating fade in; the page the app opened on does not, so its largest
 * paint is not held back by an opacity animation (issue 7: LCP).
 */
function useFadeInPages(pathname: string): boolean {
  const [first] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && pathname !== first) setNavigated(true);
  return navigated || pathname !== first;
}

export function Layout() {
  const { pathname } = useLocation();
  const fadeIn = useFadeInPages(pathname);
  // One live-events stream per signed-in page (bell, header balances, chats).
  useLiveEvents();
  const { isAuthenticated } = useSession();
  return (
    <div data-layout-root className="flex min-h-dvh flex-col overflow-x-clip">
      <a
        href="#contenido"
        className="sr-only z-[60] rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Saltar al contenido
      </a>
      <Header />
      <ConnectionStatus />
      {/* Unverified email (issue 16): with the first paint, from what the session knows. */}
      {isAuthenticated ? <VerifyEmailBanner /> : null}
      <main
        id="contenido"
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-8"
      >
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingState />}>
            <div className={fadeIn ? "vz-page-in" : undefined}>
              <Outlet />
            </div>
          </Suspense>
        </PageErrorBoundary>
      </main>
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </AfterFirstPaint>
      <AuthDialogHost />
      {/* Accounts without consent to the current terms accept them before going on (issue 16). */}
      <ConsentGate />
      <ToasterHost />
      <ScrollToTop pathname={pathname} />
    </div>
  );
}
