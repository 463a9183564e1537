import { Info, Lock, Scale } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";

/** The valuation notice shown before the confirmation card (overview §2): read, then 'Continuar'. */
export function ValuationNotice({
  open,
  onContinue,
  onClose,
}: {
  open: boolean;
  onContinue: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent>
        <span className="flex size-12 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
          <Scale aria-hidden="true" className="size-6" />
        </span>
        <DialogTitle className="mt-4">Aviso de valoración</DialogTitle>
        <DialogDescription>Antes de confirmar, ten en cuenta cómo funciona la valoración.</DialogDescription>
        <ul className="mt-4 space-y-3 text-sm text-slate-600">
          <li className="flex gap-3">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            <span>
              El valor es una estimación: para los bienes depende de la categoría, el estado físico, la condición y la
              antigüedad. El valor final lo calcula Valoriza al registrar.
            </span>
          </li>
          <li className="flex gap-3">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
            <span>
              Los créditos se emiten <strong className="font-semibold text-slate-800">bloqueados</strong> (1 crédito =
              $1.000 COP) y se liberan cuando completes una operación con el activo. Si lo desactivas sin usarlo, se
              destruyen.
            </span>
          </li>
        </ul>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Volver a editar
          </Button>
          <Button onClick={onContinue} autoFocus>
            Continuar
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
