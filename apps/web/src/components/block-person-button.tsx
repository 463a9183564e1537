import { Ban, CircleCheck } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useBlockToggle } from "../lib/blocks.ts";
import { cn } from "../lib/utils.ts";
import { Button, type ButtonSize, type ButtonVariant } from "./ui/button.tsx";

// The confirmation (the dialog primitive and its focus and scroll handling) is its own chunk, asked for
// when the pointer or the focus reaches the button: the pages that show the button (an asset's page
// among them) paint without it.
const loadDialog = () => import("./block-person-dialog.tsx");
const BlockPersonDialog = lazy(() => loadDialog().then((m) => ({ default: m.BlockPersonDialog })));

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
  const [open, setOpenState] = useState(false);
  const [shown, setShown] = useState(false);
  if (!signedIn || hidden) return null;
  const setOpen = (next: boolean) => {
    if (next) setShown(true);
    setOpenState(next);
  };
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
        onPointerEnter={() => void loadDialog().catch(() => {})}
        onFocus={() => void loadDialog().catch(() => {})}
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
      {/* Mounted from the first opening on, so closing keeps its animation and returns the focus. */}
      {shown ? (
        <Suspense fallback={null}>
          <BlockPersonDialog
            open={open}
            onOpenChange={setOpen}
            who={who}
            isBlocked={isBlocked}
            pending={pending}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
