import { ACCOUNT_MSG, emailSchema } from "@valoriza/domain";
import { ArrowLeft, Mail } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { zodResolver } from "../../lib/forms.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useForgotPasswordMutation } from "./account-api.ts";

const forgotSchema = z.object({ email: emailSchema });
type ForgotValues = z.input<typeof forgotSchema>;

const linkButton =
  "inline-flex items-center gap-1 rounded font-semibold text-emerald-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500";

/** '¿Olvidaste tu contraseña?': asks for the email; the answer never says whether it has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const mutation = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues, unknown, z.output<typeof forgotSchema>>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: "" },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values.email);
    } catch {
      // Shown below from mutation.error.
    }
  });

  if (mutation.isSuccess) {
    return (
      <div className="mt-6 flex flex-col gap-4">
        <Alert variant="success" title="Revisa tu correo">
          {mutation.data}
        </Alert>
        <p className="text-sm text-slate-600">El enlace vence en 1 hora. Si no llega, revisa la carpeta de spam.</p>
        <Button type="button" size="lg" variant="outline" className="w-full" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          Volver a iniciar sesión
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-label="Restablecer contraseña">
      {mutation.isError ? <Alert>{errorMessage(mutation.error, ACCOUNT_MSG.tooManyResetRequests(1))}</Alert> : null}
      <p className="text-sm text-slate-600">
        Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña.
      </p>
      <Field id="forgot-email" label="Correo electrónico" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...register("email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="tu@correo.com"
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={mutation.isPending} loadingText="Enviando…">
        <Mail aria-hidden="true" className="size-5" />
        Enviar enlace
      </Button>
      <p className="text-center text-sm">
        <button type="button" onClick={onBack} className={linkButton}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Volver a iniciar sesión
        </button>
      </p>
    </form>
  );
}
