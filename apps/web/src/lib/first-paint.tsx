import { type ReactNode, startTransition, useEffect, useState } from "react";

/**
 * The first contentful paint of the page the app opened on (issue 21: the first second). What the
 * first screen does not need (below-the-fold parts, secondary data, the service worker) starts once
 * that paint has been presented, instead of competing with it for a phone's CPU and connection.
 *
 * It is the browser's own 'first-contentful-paint' entry (Paint Timing). Where there is none (a
 * browser without Paint Timing, jsdom in the unit tests) the page counts as painted; where it never
 * comes (a tab opened in the background paints nothing) the wait ends after FIRST_PAINT_WAIT_MS or
 * when the tab is hidden. Later navigations inside the app do not wait: the first paint is behind them.
 */
export const FIRST_PAINT_WAIT_MS = 3000;

let painted = false;
let pending: Promise<void> | undefined;

function hasPaintTiming(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof PerformanceObserver !== "undefined" &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes("paint")
  );
}

/** True once the first contentful paint is behind (or cannot be known). */
export function firstPaintDone(): boolean {
  if (!painted && (!hasPaintTiming() || performance.getEntriesByName("first-contentful-paint").length > 0)) {
    painted = true;
  }
  return painted;
}

/** Resolves once the first contentful paint has been presented (at once if it already was). */
export function afterFirstPaint(): Promise<void> {
  if (firstPaintDone()) return Promise.resolve();
  pending ??= new Promise<void>((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) finish();
    });
    const onVisibility = () => {
      if (document.visibilityState === "hidden") finish();
    };
    const timer = window.setTimeout(finish, FIRST_PAINT_WAIT_MS);
    function finish() {
      observer.disconnect();
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      painted = true;
      resolve();
    }
    observer.observe({ type: "paint", buffered: true });
    document.addEventListener("visibilitychange", onVisibility);
    onVisibility();
  });
  return pending;
}

/** `afterFirstPaint` for a component: false until the first contentful paint is behind. */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(firstPaintDone);
  useEffect(() => {
    if (done) return;
    let live = true;
    void afterFirstPaint().then(() => {
      // A transition: React renders what was waiting in small slices, not in one long task.
      if (live) startTransition(() => setDone(true));
    });
    return () => {
      live = false;
    };
  }, [done]);
  return done;
}

/**
 * Its children once the first contentful paint is behind, `fallback` until then. The wait is held
 * here, not in the page: when it ends only this part renders again, not the page around it.
 */
export function AfterFirstPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useAfterFirstPaint() ? children : fallback;
}
