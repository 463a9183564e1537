import { type RefObject, useEffect } from "react";

/**
 * What makes a light popover (a disclosure that floats over the page: the notifications panel, the
 * blocked credits' explanation) go away: Esc closes it and gives the focus back to its button; a
 * pointer down outside `rootRef` (the button and the panel) closes it. Listens only while open (the
 * `onClose` of the render that opened it).
 */
export function usePopoverDismiss({
  open,
  onClose,
  rootRef,
  buttonRef,
}: {
  open: boolean;
  onClose: () => void;
  rootRef: RefObject<HTMLElement | null>;
  buttonRef: RefObject<HTMLElement | null>;
}): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: listens while open; onClose and the refs are the popover's own
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onClose();
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);
}
