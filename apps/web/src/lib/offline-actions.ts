/**
 * Offline, the actions that need the server are disabled, and say why (ADR 023).
 *
 * Which ones: every element marked `data-needs-network` — the Button primitive marks submit buttons and
 * buttons with a pending state (`loading`) by itself, others opt in or out with `requiresNetwork`. The
 * mark costs the first page load nothing; this module, which does the disabling, is loaded only when the
 * connection is lost (app/OfflineNotice.tsx), from the service worker's precache.
 *
 * A disabled action stays focusable and hoverable so its explanation can be read: `aria-disabled`, the
 * title 'Sin conexión: esta acción necesita internet', and a click (or Enter in its form) does nothing
 * but call `onBlocked` (the page shows the explanation as a toast: phones show no titles).
 */
export const OFFLINE_ACTION_HINT = "Sin conexión: esta acción necesita internet";

const NEEDS_NETWORK = "[data-needs-network]";
const MARKED = "data-offline";
/** The element's own title while the explanation replaces it. */
const OWN_TITLE = "data-own-title";

function mark(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>(`${NEEDS_NETWORK}:not([${MARKED}])`)) {
    if (element.hasAttribute("disabled")) continue;
    element.setAttribute(MARKED, "");
    element.setAttribute("aria-disabled", "true");
    if (element.hasAttribute("title")) element.setAttribute(OWN_TITLE, element.getAttribute("title") ?? "");
    element.setAttribute("title", OFFLINE_ACTION_HINT);
  }
  // One that became disabled by itself (a pending action) is the page's again.
  for (const element of root.querySelectorAll<HTMLElement>(`[${MARKED}][disabled]`)) unmark(element);
}

function unmark(element: Element): void {
  element.removeAttribute(MARKED);
  element.removeAttribute("aria-disabled");
  const own = element.getAttribute(OWN_TITLE);
  if (own === null) element.removeAttribute("title");
  else element.setAttribute("title", own);
  element.removeAttribute(OWN_TITLE);
}

/** Disables the actions on the page, and those that appear later, until the returned function runs. */
export function disableNetworkActions(onBlocked: () => void): () => void {
  const block = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest(`[${MARKED}]`)) return;
    // Before React's own listeners (capture, on the document): the action never starts.
    event.preventDefault();
    event.stopImmediatePropagation();
    onBlocked();
  };
  mark(document);
  const observer = new MutationObserver(() => mark(document));
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["disabled", "data-needs-network"],
  });
  document.addEventListener("click", block, true);
  return () => {
    observer.disconnect();
    document.removeEventListener("click", block, true);
    for (const element of document.querySelectorAll(`[${MARKED}]`)) unmark(element);
  };
}
