import { changePasswordFormSchema, MSG, PASSWORD_MIN } from "@valoriza/domain";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { PasswordInput } from "../../components/ui/input.tsx";
import { zodResolver } from "../../lib/forms.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useChangePasswordMutation } from "./api.ts";

type PasswordValues = z.input<typeof changePasswordFormSchema>;

const EMPTY: PasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** 'Cambiar contraseña': current, new and confirmation (spec §5 Profile and password). */
export function PasswordForm() {
  const mutation = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PasswordValues, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const message = await mutation.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
      toast({ title: message, variant: "success" });
    } catch (error) {
      toast({
        title: MSG.changePasswordError,
        description: errorMessage(error, MSG.changePasswordError),
        variant: "error",
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
            <KeyRound aria-hidden="true" className="size-5" />
          </span>
          <CardTitle id="password-form-title">Cambiar contraseña</CardTitle>
        </div>
        <CardDescription className="mt-2">Usa una contraseña que no uses en otros sitios.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-labelledby="password-form-title" className="flex flex-col gap-4">
          {mutation.isError ? <Alert>{errorMessage(mutation.error, MSG.changePasswordError)}</Alert> : null}
          {mutation.isSuccess ? <Alert variant="success">{MSG.passwordUpdated}</Alert> : null}
          <Field id="password-current" label="Contraseña actual" error={errors.currentPassword?.message}>
            {(c) => <PasswordInput {...c} {...register("currentPassword")} autoComplete="current-password" />}
          </Field>
          <Field
            id="password-new"
            label="Nueva contraseña"
            error={errors.newPassword?.message}
            hint={`Mínimo ${PASSWORD_MIN} caracteres.`}
          >
            {(c) => <PasswordInput {...c} {...register("newPassword")} autoComplete="new-password" />}
          </Field>
          <Field id="password-confirm" label="Confirmar nueva contraseña" error={errors.confirmPassword?.message}>
            {(c) => <PasswordInput {...c} {...register("confirmPassword")} autoComplete="new-password" />}
          </Field>
          <Button type="submit" className="mt-1 w-full" loading={mutation.isPending} loadingText="Actualizando…">
            Actualizar contraseña
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
