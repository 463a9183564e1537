import { DATA_RIGHTS_MSG, formatCredits } from "@valoriza/domain";
import { Download, FileLock2, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { PasswordInput } from "../../components/ui/input.tsx";
import type { Profile } from "../../lib/account.ts";
import { ApiError } from "../../lib/api.ts";
import { endSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useDeleteAccountMutation, useExportDataMutation } from "./api.ts";

const linkClass =
  "font-semibold text-emerald-700 underline underline-offset-2 hover:text-emerald-800 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500";

/** 'Tus datos' in /perfil: download a copy of everything, or delete the account (Ley 1581; issue 16 item 6). */
export function DataSection({ profile }: { profile: Profile }) {
  const exportData = useExportDataMutation();
  const [deleting, setDeleting] = useState(false);

  const onDownload = () =>
    exportData.mutate(undefined, {
      onSuccess: (name) => toast({ title: "Descargamos tus datos", description: name, variant: "success" }),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
            <FileLock2 aria-hidden="true" className="size-5" />
          </span>
          <CardTitle id="data-section-title">Tus datos</CardTitle>
        </div>
        <CardDescription className="mt-2">
          Descarga una copia de todo lo que Valoriza guarda de ti o elimina tu cuenta. Conoce tus derechos en la{" "}
          <Link to="/privacidad" className={linkClass}>
            Política de tratamiento de datos personales
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <section aria-labelledby="data-download-title" className="flex flex-col gap-2">
          <h3 id="data-download-title" className="font-semibold text-slate-900">
            Descargar mis datos
          </h3>
          <p className="text-sm text-slate-600">
            Un archivo JSON con tu perfil, consentimientos, activos, movimientos, operaciones, chats y notificaciones.
          </p>
          {exportData.isError ? <Alert>{errorMessage(exportData.error, DATA_RIGHTS_MSG.exportError)}</Alert> : null}
          <Button
            variant="outline"
            className="self-start"
            onClick={onDownload}
            loading={exportData.isPending}
            loadingText="Preparando archivo…"
          >
            <Download aria-hidden="true" className="size-4" />
            Descargar mis datos
          </Button>
        </section>
        <section
          aria-labelledby="data-delete-title"
          className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50/50 p-4"
        >
          <h3 id="data-delete-title" className="font-semibold text-red-800">
            Eliminar mi cuenta
          </h3>
          <p className="text-sm text-slate-700">
            Borra tus datos personales y cierra tu cuenta para siempre. No se puede deshacer.
          </p>
          <Button variant="danger" className="self-start" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Eliminar mi cuenta
          </Button>
        </section>
      </CardContent>
      <Dialog open={deleting} onOpenChange={setDeleting}>
        {deleting ? <DeleteAccountDialog profile={profile} onCancel={() => setDeleting(false)} /> : null}
      </Dialog>
    </Card>
  );
}

function DeleteAccountDialog({ profile, onCancel }: { profile: Profile; onCancel: () => void }) {
  const mutation = useDeleteAccountMutation();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError(DATA_RIGHTS_MSG.deletePasswordRequired);
      return;
    }
    setFieldError(undefined);
    mutation.mutate(password, {
      onSuccess: (message) => {
        // The account is gone: its session ends here too, and the person lands on the home page.
        toast({ title: "Cuenta eliminada", description: message, variant: "success" });
        navigate("/", { replace: true });
        endSession("logout");
      },
      onError: (error) => {
        // A wrong password belongs to the field; a refusal (409) is shown above the buttons.
        if (error instanceof ApiError && error.status === 400) setFieldError(error.message);
      },
    });
  };

  const refusal =
    mutation.isError && !(mutation.error instanceof ApiError && mutation.error.status === 400)
      ? errorMessage(mutation.error, DATA_RIGHTS_MSG.deleteError)
      : null;

  return (
    <DialogContent className="max-w-lg" closeLabel="Cancelar">
      <DialogTitle>¿Eliminar tu cuenta?</DialogTitle>
      <DialogDescription>Esto es definitivo. Al eliminar tu cuenta:</DialogDescription>
      <ul className="mt-3 ml-5 flex list-disc flex-col gap-1.5 text-sm text-slate-700 marker:text-red-500">
        <li>Tus activos publicados se desactivan y dejan de verse.</li>
        <li>
          Se destruyen tus <strong>{formatCredits(profile.credits)} créditos</strong> (disponibles y bloqueados): no se
          reembolsan ni se transfieren.
        </li>
        <li>
          Se borran tus datos personales: tu nombre se mostrará como «Cuenta eliminada» y tu correo quedará libre.
        </li>
        <li>Se cierran todas tus sesiones y no podrás volver a entrar con esta cuenta.</li>
        <li>Los registros contables de créditos se conservan, sin datos personales.</li>
      </ul>
      <p className="mt-3 text-sm text-slate-600">Si quieres una copia, descarga tus datos antes de continuar.</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <Field id="delete-account-password" label="Tu contraseña" error={fieldError}>
          {(c) => (
            <PasswordInput
              {...c}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
            />
          )}
        </Field>
        {refusal ? <Alert title="No pudimos eliminar tu cuenta">{refusal}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" loading={mutation.isPending} loadingText="Eliminando…">
            Eliminar mi cuenta definitivamente
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
