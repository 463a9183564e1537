import { ACCOUNT_MSG, loginSchema, MSG } from "@valoriza/domain";
import { LogIn } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, PasswordInput } from "../../components/ui/input.tsx";
import { zodResolver } from "../../lib/forms.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useLoginMutation } from "./api.ts";

type LoginValues = z.input<typeof loginSchema>;

export function LoginForm({
  onSuccess,
  onSwitch,
  onForgot,
}: {
  onSuccess: () => void;
  onSwitch: () => void;
  onForgot?: () => void;
}) {
  const mutation = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast({ title: MSG.loginSuccess, variant: "success" });
      onSuccess();
    } catch (error) {
      toast({
        title: MSG.authToastTitle,
        description: errorMessage(error, MSG.authErrorFallback),
        variant: "error",
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-label="Iniciar sesión">
      {mutation.isError ? <Alert>{errorMessage(mutation.error, MSG.loginError)}</Alert> : null}
      <Field id="login-email" label="Correo electrónico" error={errors.email?.message}>
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
      <Field id="login-password" label="Contraseña" error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} {...register("password")} autoComplete="current-password" placeholder="••••••" />
        )}
      </Field>
      {onForgot ? (
        <p className="-mt-2 text-right text-sm">
          <button
            type="button"
            onClick={onForgot}
            className="rounded font-semibold text-emerald-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            {ACCOUNT_MSG.forgotPassword}
          </button>
        </p>
      ) : null}
      <Button type="submit" size="lg" className="mt-1 w-full" loading={mutation.isPending} loadingText="Ingresando…">
        <LogIn aria-hidden="true" className="size-5" />
        Iniciar Sesión
      </Button>
      <p className="text-center text-sm text-slate-600">
        ¿No tienes cuenta?{" "}
        <button
          type="button"
          onClick={onSwitch}
          className="rounded font-semibold text-emerald-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        >
          Regístrate
        </button>
      </p>
    </form>
  );
}
