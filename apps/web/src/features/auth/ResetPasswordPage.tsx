import { ACCOUNT_MSG, PASSWORD_MIN, resetPasswordFormSchema } from "@valoriza/domain";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router-dom";
import type { z } from "zod";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { PasswordInput } from "../../components/ui/input.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { zodResolver } from "../../lib/forms.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useResetPasswordMutation } from "./api.ts";
import { openForgotPassword } from "./forgot-password.ts";
import { LinkCard, linkOutcome } from "./LinkStatus.tsx";

type ResetValues = z.input<typeof resetPasswordFormSchema>;

function AskAgain() {
  return (
    <Button type="button" className="w-full" onClick={openForgotPassword}>
      Pedir un nuevo enlace
    </Button>
  );
}

/** /restablecer-contrasena?token=…: the new password (twice); success signs the person in. */
export function ResetPasswordPage() {
  useDocumentTitle("Restablecer contraseña");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const reset = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, newPassword: values.newPassword });
      toast({ title: ACCOUNT_MSG.passwordReset, variant: "success" });
    } catch {
      // Shown from reset.error.
    }
  });

  if (!token) {
    return (
      <LinkCard state="invalid" title="Falta el enlace para restablecer">
        <p>{ACCOUNT_MSG.linkInvalid}</p>
        <AskAgain />
      </LinkCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <LinkCard state="success" title={ACCOUNT_MSG.passwordReset}>
        <p>
          Ya iniciaste sesión con tu nueva contraseña, {reset.data.user.name}. Cerramos las sesiones que tenías abiertas
          en otros dispositivos.
        </p>
        <Link to="/" className={buttonClasses({ className: "w-full" })}>
          Ir al inicio
        </Link>
      </LinkCard>
    );
  }
  const outcome = reset.isError ? linkOutcome(reset.error) : null;
  if (outcome === "expired") {
    return (
      <LinkCard state="expired" title="El enlace expiró">
        <p>Los enlaces para restablecer la contraseña vencen en 1 hora. Pide uno nuevo y úsalo pronto.</p>
        <AskAgain />
      </LinkCard>
    );
  }
  if (outcome === "used") {
    return (
      <LinkCard state="used" title={ACCOUNT_MSG.linkUsed}>
        <p>Cada enlace sirve una sola vez. Si aún necesitas cambiar tu contraseña, pide uno nuevo.</p>
        <AskAgain />
      </LinkCard>
    );
  }
  if (outcome === "invalid" && errorMessage(reset.error, "") === ACCOUNT_MSG.linkInvalid) {
    return (
      <LinkCard state="invalid" title="El enlace no es válido">
        <p>{ACCOUNT_MSG.linkInvalid}</p>
        <AskAgain />
      </LinkCard>
    );
  }

  return (
    <LinkCard state="form" title="Elige una nueva contraseña">
      <p>Al guardarla iniciarás sesión y se cerrarán las sesiones abiertas en otros dispositivos.</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Elegir una nueva contraseña">
        {reset.isError ? <Alert>{errorMessage(reset.error, ACCOUNT_MSG.linkInvalid)}</Alert> : null}
        <Field
          id="reset-password"
          label="Nueva contraseña"
          error={errors.newPassword?.message}
          hint={`Mínimo ${PASSWORD_MIN} caracteres.`}
        >
          {(control) => (
            <PasswordInput {...control} {...register("newPassword")} autoComplete="new-password" placeholder="••••••" />
          )}
        </Field>
        <Field id="reset-confirm" label="Repite la contraseña" error={errors.confirmPassword?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              {...register("confirmPassword")}
              autoComplete="new-password"
              placeholder="••••••"
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending} loadingText="Guardando…">
          <KeyRound aria-hidden="true" className="size-5" />
          Guardar y entrar
        </Button>
      </form>
    </LinkCard>
  );
}
