/** Copies text to the clipboard; rejects when the browser refuses (no permission, no API). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-HTTP fallback (e.g. a phone opening the dev server by IP).
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand("copy")) throw new Error("copy refused");
  } finally {
    area.remove();
  }
}

/** Absolute address of a page of this site, for sharing. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
