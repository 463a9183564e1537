import { BLOCKS_MSG } from "@valoriza/domain";
import { Button } from "./ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog.tsx";

/** The confirmation of 'Bloquear' / 'Desbloquear' (block-person-button.tsx): what a block does, then the call. */
export function BlockPersonDialog({
  open,
  onOpenChange,
  who,
  isBlocked,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  who: string;
  isBlocked: boolean;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent closeLabel="Cancelar">
          <DialogTitle>
            {isBlocked ? BLOCKS_MSG.confirmUnblockTitle(who) : BLOCKS_MSG.confirmBlockTitle(who)}
          </DialogTitle>
          <DialogDescription className="mt-2 text-sm leading-relaxed text-slate-600">
            {isBlocked ? BLOCKS_MSG.confirmUnblockBody : BLOCKS_MSG.confirmBlockBody}
          </DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button
              variant={isBlocked ? "primary" : "danger"}
              loading={pending}
              onClick={onConfirm}
              data-testid="confirm-block"
            >
              {isBlocked ? "Desbloquear" : "Bloquear"}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
