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
    defaultValues: { name: "", apellido: "", email: "", password: "" },
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
