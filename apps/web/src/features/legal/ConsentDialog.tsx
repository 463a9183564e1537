import * as DialogPrimitive from "@radix-ui/react-dialog";
import { CONSENT_LABEL, DATA_RIGHTS_MSG } from "@valoriza/domain";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useAcceptConsentMutation } from "./api.ts";
import { versionDate } from "./content.ts";

const linkClass =
  "font-semibold text-emerald-700 underline underline-offset-2 hover:text-emerald-800 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500";

/**
 * The blocking consent dialog: no close button, Esc and clicks outside do nothing. The person
 * accepts (checkbox + 'Aceptar y continuar') or signs out.
 */
export function ConsentDialog({ outdated }: { outdated: boolean }) {
  const mutation = useAcceptConsentMutation();
  const { logout } = useSession();
  const [checked, setChecked] = useState(false);
  const [missing, setMissing] = useState(false);
  const checkboxId = useId();
  const errorId = `${checkboxId}-error`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked) {
      setMissing(true);
      return;
    }
    mutation.mutate(undefined, {
      onSuccess: () => toast({ title: DATA_RIGHTS_MSG.consentRecorded, variant: "success" }),
    });
  };

  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="vz-overlay fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="vz-dialog fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl shadow-slate-900/20 focus:outline-none sm:p-7"
        >
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700"
          >
            <ShieldCheck className="size-6" />
          </span>
          <DialogPrimitive.Title className="mt-4 text-xl font-bold tracking-tight text-slate-900">
            {outdated ? "Actualizamos nuestros Términos" : "Antes de continuar"}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-2 text-sm leading-relaxed text-slate-600">
            Para seguir usando Valoriza necesitamos que aceptes los Términos y la Política de tratamiento de datos
            personales (versión del {versionDate()}), como lo exige la Ley 1581 de 2012.
          </DialogPrimitive.Description>
          <ul className="mt-4 flex flex-col gap-1.5 text-sm">
            <li>
              <Link to="/terminos" className={linkClass}>
                Leer los Términos y condiciones
              </Link>
            </li>
            <li>
              <Link to="/privacidad" className={linkClass}>
                Leer la Política de tratamiento de datos personales
              </Link>
            </li>
          </ul>
          <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
            <div className="flex items-start gap-3 rounded-xl border border-slate-200 p-3.5">
              <input
                id={checkboxId}
                type="checkbox"
                checked={checked}
                onChange={(e) => {
                  setChecked(e.target.checked);
                  if (e.target.checked) setMissing(false);
                }}
                aria-invalid={missing || undefined}
                aria-describedby={missing ? errorId : undefined}
                className="mt-0.5 size-5 shrink-0 accent-emerald-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
              />
              <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
                {CONSENT_LABEL}
              </label>
            </div>
            {missing ? (
              <p id={errorId} role="alert" className="-mt-2 text-sm font-medium text-red-700">
                {DATA_RIGHTS_MSG.consentRequired}
              </p>
            ) : null}
            {mutation.isError ? <Alert>{errorMessage(mutation.error, DATA_RIGHTS_MSG.consentError)}</Alert> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="ghost" onClick={logout}>
                Cerrar sesión
              </Button>
              <Button type="submit" loading={mutation.isPending} loadingText="Guardando…">
                Aceptar y continuar
              </Button>
            </div>
          </form>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
