import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { ASSET_MSG, creditsLabel } from "@valoriza/domain";
import { Flame } from "lucide-react";
import { useRef, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { isAuthError } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { currentFocus, returnFocus } from "../../lib/focus.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useDeactivateAsset } from "./api.ts";

/**
 * Confirmation before deactivating (overview §4): says exactly how many blocked credits will be
 * destroyed. The Idempotency-Key lives as long as the dialog: retrying after a failure reuses it.
 */
export function DeactivateDialog({ asset, onClose }: { asset: Asset | null; onClose: () => void }) {
  // Focus goes back to the button that opened the dialog (the page body otherwise).
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <AlertDialog.Root
      open={asset !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="vz-overlay fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onOpenAutoFocus={() => {
            openerRef.current = currentFocus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(openerRef.current);
          }}
          className="vz-dialog fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl shadow-slate-900/20 focus:outline-none sm:p-7"
        >
          {asset ? <DeactivateBody key={asset.id} asset={asset} onClose={onClose} /> : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function DeactivateBody({ asset, onClose }: { asset: Asset; onClose: () => void }) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const mutation = useDeactivateAsset();
  const credits = asset.credits ?? 0;

  const confirm = async () => {
    try {
      const result = await mutation.mutateAsync({ id: asset.id, idempotencyKey });
      toast({
        title: "Activo desactivado",
        description: `Se destruyeron ${creditsLabel(result.creditosDestruidos)} bloqueados de "${asset.title}".`,
        variant: "success",
      });
      onClose();
    } catch (error) {
      if (isAuthError(error)) return onClose();
      toast({
        title: ASSET_MSG.deactivateErrorTitle,
        description: errorMessage(error, ASSET_MSG.deactivateError),
        variant: "error",
      });
    }
  };

  return (
    <>
      <span className="flex size-12 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <Flame aria-hidden="true" className="size-6" />
      </span>
      <AlertDialog.Title className="mt-4 text-xl font-bold tracking-tight text-slate-900">
        ¿Desactivar “{asset.title}”?
      </AlertDialog.Title>
      <AlertDialog.Description asChild>
        <div className="mt-2 space-y-2 text-sm text-slate-600">
          <p>
            Se destruirán{" "}
            <strong className="font-bold text-red-700" data-testid="credits-to-destroy">
              {creditsLabel(credits)}
            </strong>{" "}
            bloqueados (el 100 % de los créditos de este activo).
          </p>
          <p>El activo dejará de estar visible. Esta acción es permanente y no se puede deshacer.</p>
        </div>
      </AlertDialog.Description>
      {mutation.isError && !isAuthError(mutation.error) ? (
        <Alert title={ASSET_MSG.deactivateError} className="mt-4">
          {errorMessage(mutation.error, ASSET_MSG.deactivateErrorTitle)}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialog.Cancel className={buttonClasses({ variant: "outline" })}>Cancelar</AlertDialog.Cancel>
        <Button
          variant="danger"
          loading={mutation.isPending}
          loadingText="Desactivando…"
          onClick={() => void confirm()}
        >
          Desactivar y destruir créditos
        </Button>
      </div>
    </>
  );
}
