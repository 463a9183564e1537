import type { HomeResults } from "./HomeResults.tsx";

/*
 * The home's results list ('Ver todos', a search, the filters) is its own chunk. Fetched once (when a
 * search box takes the focus, or when first needed) and kept here, so the page can render it directly:
 * through React.lazy even a chunk already fetched suspends once, and React then holds the reveal of
 * the results (and the start of their request) for up to 300 ms (issue 21: the first search).
 */
let loaded: typeof HomeResults | undefined;

/** Fetches the results list's code (once) and keeps it. */
export function preloadHomeResults(): Promise<typeof HomeResults> {
  return import("./HomeResults.tsx").then((m) => {
    loaded = m.HomeResults;
    return m.HomeResults;
  });
}

/** The results list's component when its code is already here. */
export function loadedHomeResults(): typeof HomeResults | undefined {
  return loaded;
}
