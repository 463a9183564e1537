import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, type ReactNode, useEffect, useRef } from "react";
import { currentFocus, returnFocus } from "../../lib/focus.ts";
import { cn } from "../../lib/utils.ts";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Centered modal: overlay, focus trap, Esc and the close button close it (Radix). On close, focus
 * returns to the control that was focused when it opened (see lib/focus.ts).
 */
export function DialogContent({
  className,
  children,
  closeLabel = "Cerrar",
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string; children: ReactNode }) {
  const contentRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  // Esc must close the dialog even when a toast opened later is the top-most Radix layer (that
  // layer would otherwise take the key). Only for keys pressed inside this dialog, so nested
  // popups (portalled elsewhere) keep handling their own Esc.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const target = event.target instanceof Node ? event.target : null;
      if (target && contentRef.current?.contains(target)) closeRef.current?.click();
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, []);

  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="vz-overlay fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        ref={contentRef}
        className={cn(
          "vz-dialog fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2",
          "overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl shadow-slate-900/20 focus:outline-none sm:p-7",
          className,
        )}
        onOpenAutoFocus={(event) => {
          // Runs before Radix moves focus inside: the focused element is still the opener.
          openerRef.current = currentFocus();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          returnFocus(openerRef.current);
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          ref={closeRef}
          aria-label={closeLabel}
          className={cn(
            "absolute top-3.5 right-3.5 flex size-9 items-center justify-center rounded-full text-slate-500 transition-colors",
            "hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500",
          )}
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("pr-8 text-xl font-bold tracking-tight text-slate-900", className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("mt-1 text-sm text-slate-500", className)} {...props} />;
}
