/**
 * Focus return for dialogs opened from code (no Radix Trigger): Radix would send focus to the page
 * body on close. The opener is remembered when the dialog mounts and focused again on close; when
 * it is gone (the login button disappears once signed in), focus goes to the fallback.
 */

/** Marks the control that stands in for a vanished opener (the signed-in header's menu button). */
export const FOCUS_FALLBACK_ATTR = "data-focus-fallback";

export function currentFocus(): HTMLElement | null {
  if (typeof document === "undefined") return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

function isFocusable(el: HTMLElement | null): el is HTMLElement {
  return Boolean(el?.isConnected && !el.closest("[inert],[aria-hidden=true]") && el.getClientRects().length > 0);
}

/**
 * Focuses the opener if it is still on screen, else `fallback`, else the visible element marked
 * FOCUS_FALLBACK_ATTR, else the main content.
 */
export function returnFocus(opener: HTMLElement | null, fallback?: HTMLElement | null): void {
  if (isFocusable(opener)) {
    opener.focus();
    return;
  }
  if (fallback && isFocusable(fallback)) {
    fallback.focus();
    return;
  }
  const fallbacks = [...document.querySelectorAll<HTMLElement>(`[${FOCUS_FALLBACK_ATTR}]`)];
  const marked = fallbacks.find(isFocusable) ?? document.getElementById("contenido");
  marked?.focus();
}
