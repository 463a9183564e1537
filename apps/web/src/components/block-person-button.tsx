import { BLOCKS_MSG } from "@valoriza/domain";
import { Ban, CircleCheck } from "lucide-react";
import { useState } from "react";
import { useBlockToggle } from "../lib/blocks.ts";
import { cn } from "../lib/utils.ts";
import { Button, type ButtonSize, type ButtonVariant } from "./ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog.tsx";

/**
 * 'Bloquear' / 'Desbloquear' a person (issue 19 part 4), with a confirmation dialog that says what a
 * block does. Renders nothing signed out or for oneself (`hidden`). Used by the chat's header, the
 * asset's owner card and the list in /perfil.
 */
export function BlockPersonButton({
  personId,
  name,
  variant = "ghost",
  size = "sm",
  className,
  hidden = false,
  compact = false,
}: {
  personId: string;
  name: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  hidden?: boolean;
  /** On phones only the icon shows (the name stays in its accessible label): a narrow header. */
  compact?: boolean;
}) {
  const { isBlocked, signedIn, pending, block, unblock } = useBlockToggle(personId);
  const [open, setOpen] = useState(false);
  if (!signedIn || hidden) return null;
  const who = name.trim() || "esta persona";

  const confirm = async () => {
    if (await (isBlocked ? unblock() : block())) setOpen(false);
  };

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={cn(
          !isBlocked && variant === "ghost" && "text-red-700 hover:bg-red-50 hover:text-red-800",
          className,
        )}
        onClick={() => setOpen(true)}
        aria-label={isBlocked ? `Desbloquear a ${who}` : `Bloquear a ${who}`}
        data-testid={isBlocked ? "unblock-person" : "block-person"}
        data-needs-network=""
      >
        {isBlocked ? (
          <CircleCheck aria-hidden="true" className="size-4" />
        ) : (
          <Ban aria-hidden="true" className="size-4" />
        )}
        <span className={cn(compact && "max-sm:sr-only")}>{isBlocked ? "Desbloquear" : "Bloquear"}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent closeLabel="Cancelar">
            <DialogTitle>
              {isBlocked ? BLOCKS_MSG.confirmUnblockTitle(who) : BLOCKS_MSG.confirmBlockTitle(who)}
            </DialogTitle>
            <DialogDescription className="mt-2 text-sm leading-relaxed text-slate-600">
              {isBlocked ? BLOCKS_MSG.confirmUnblockBody : BLOCKS_MSG.confirmBlockBody}
            </DialogDescription>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancelar
              </Button>
              <Button
                variant={isBlocked ? "primary" : "danger"}
                loading={pending}
                onClick={() => void confirm()}
                data-testid="confirm-block"
              >
                {isBlocked ? "Desbloquear" : "Bloquear"}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
