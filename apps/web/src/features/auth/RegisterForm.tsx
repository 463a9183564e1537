import { MSG, PASSWORD_MIN, registerFormSchema } from "@valoriza/domain";
import { UserPlus } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, PasswordInput } from "../../components/ui/input.tsx";
import { zodResolver } from "../../lib/forms.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useRegisterMutation } from "./api.ts";

type RegisterValues = z.input<typeof registerFormSchema>;

export function RegisterForm({ onSuccess, onSwitch }: { onSuccess: () => void; onSwitch: () => void }) {
  const mutation = useRegisterMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterValues, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: "", apellido: "", email: "", password: "", aceptaTerminos: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast({ title: MSG.registerSuccess, variant: "success" });
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
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" aria-label="Crear cuenta">
      {mutation.isError ? <Alert>{errorMessage(mutation.error, MSG.registerError)}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="register-name" label="Nombre" error={errors.name?.message}>
          {(control) => <Input {...control} {...register("name")} autoComplete="given-name" placeholder="Ana" />}
        </Field>
        <Field id="register-apellido" label="Apellido" error={errors.apellido?.message}>
          {(control) => <Input {...control} {...register("apellido")} autoComplete="family-name" placeholder="Gómez" />}
        </Field>
      </div>
      <Field id="register-email" label="Correo electrónico" error={errors.email?.message}>
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
      <Field
        id="register-password"
        label="Contraseña"
        error={errors.password?.message}
        hint={`Mínimo ${PASSWORD_MIN} caracteres.`}
      >
        {(control) => (
          <PasswordInput {...control} {...register("password")} autoComplete="new-password" placeholder="••••••" />
        )}
      </Field>
      <div>
        <div className="flex items-start gap-3">
          <input
            id="register-consent"
            type="checkbox"
            {...register("aceptaTerminos")}
            aria-invalid={errors.aceptaTerminos ? true : undefined}
            aria-describedby={errors.aceptaTerminos ? "register-consent-error" : undefined}
            className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          />
          {/* The accessible name is CONSENT_LABEL (domain) word for word; the documents open in a new tab. */}
          <label htmlFor="register-consent" className="text-sm text-slate-700">
            Acepto los{" "}
            <a href="/terminos" target="_blank" rel="noreferrer" className="font-semibold text-emerald-700 underline">
              Términos
            </a>{" "}
            y la{" "}
            <a href="/privacidad" target="_blank" rel="noreferrer" className="font-semibold text-emerald-700 underline">
              Política de tratamiento de datos personales
            </a>
          </label>
        </div>
        {errors.aceptaTerminos?.message ? (
          <p id="register-consent-error" role="alert" className="mt-1 pl-8 text-sm font-medium text-red-700">
            {errors.aceptaTerminos.message}
          </p>
        ) : null}
      </div>
      <Button
        type="submit"
        size="lg"
        className="mt-1 w-full"
        loading={mutation.isPending}
        loadingText="Creando cuenta…"
      >
        <UserPlus aria-hidden="true" className="size-5" />
        Registrarse
      </Button>
      <p className="text-center text-sm text-slate-600">
        ¿Ya tienes cuenta?{" "}
        <button
          type="button"
          onClick={onSwitch}
          className="rounded font-semibold text-emerald-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        >
          Inicia sesión
        </button>
      </p>
    </form>
  );
}
