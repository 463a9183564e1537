import { MSG, profileUpdateSchema, SEXOS, USER_TYPES, VISIBILITIES } from "@valoriza/domain";
import { Save } from "lucide-react";
import type { ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import type { Profile } from "../../lib/account.ts";
import { zodResolver } from "../../lib/forms.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage, todayISODate } from "../../lib/utils.ts";
import { useUpdateProfileMutation } from "./api.ts";
import { SEXO_LABELS, USER_TYPE_LABELS, VISIBILITY_LABELS } from "./labels.ts";

type ProfileFormValues = z.input<typeof profileUpdateSchema>;

const DESCRIPTION_MAX = 1000;

function toFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    apellido: profile.apellido,
    pais: profile.pais,
    ciudad: profile.ciudad,
    telefono: profile.telefono,
    sexo: profile.sexo,
    fechaNacimiento: profile.fechaNacimiento,
    userType: profile.userType,
    visibility: profile.visibility,
    description: profile.description,
    redes: { ...profile.redes },
  };
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 border-t border-slate-100 pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-4 w-full text-xs font-semibold tracking-wider text-slate-500 uppercase">
        {title}
      </legend>
      <div className="clear-left grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** 'Editar perfil': every editable field of the profile (overview §3); email is read-only. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const mutation = useUpdateProfileMutation();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues, unknown, z.output<typeof profileUpdateSchema>>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: toFormValues(profile),
  });
  const description = useWatch({ control, name: "description" }) ?? "";
  const visibility = useWatch({ control, name: "visibility" }) ?? "publico";

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await mutation.mutateAsync(values);
      reset(toFormValues(updated));
      toast({ title: MSG.profileUpdated, variant: "success" });
    } catch (error) {
      toast({
        title: MSG.updateProfileError,
        description: errorMessage(error, MSG.updateProfileError),
        variant: "error",
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle id="perfil-form-title">Editar perfil</CardTitle>
        <CardDescription>Mantén tu información al día para generar confianza en la comunidad.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-labelledby="perfil-form-title" className="flex flex-col gap-6">
          {mutation.isError ? <Alert>{errorMessage(mutation.error, MSG.updateProfileError)}</Alert> : null}

          <FormSection title="Información personal">
            <Field id="perfil-name" label="Nombre" error={errors.name?.message}>
              {(c) => <Input {...c} {...register("name")} autoComplete="given-name" />}
            </Field>
            <Field id="perfil-apellido" label="Apellido" error={errors.apellido?.message}>
              {(c) => <Input {...c} {...register("apellido")} autoComplete="family-name" />}
            </Field>
            <Field
              id="perfil-email"
              label="Correo electrónico"
              hint="El correo electrónico no se puede cambiar."
              className="sm:col-span-2"
            >
              {(c) => <Input {...c} type="email" value={profile.email} readOnly aria-readonly="true" />}
            </Field>
            <Field id="perfil-telefono" label="Teléfono" optional error={errors.telefono?.message}>
              {(c) => (
                <Input
                  {...c}
                  {...register("telefono")}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="+57 300 123 4567"
                />
              )}
            </Field>
            <Field id="perfil-fecha" label="Fecha de nacimiento" optional error={errors.fechaNacimiento?.message}>
              {(c) => (
                <Input {...c} {...register("fechaNacimiento")} type="date" min="1900-01-01" max={todayISODate()} />
              )}
            </Field>
            <Field id="perfil-sexo" label="Sexo" error={errors.sexo?.message}>
              {(c) => (
                <NativeSelect {...c} {...register("sexo")}>
                  {SEXOS.map((value) => (
                    <option key={value} value={value}>
                      {SEXO_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </FormSection>

          <FormSection title="Ubicación">
            <Field id="perfil-pais" label="País" optional error={errors.pais?.message}>
              {(c) => <Input {...c} {...register("pais")} autoComplete="country-name" placeholder="Colombia" />}
            </Field>
            <Field id="perfil-ciudad" label="Ciudad" optional error={errors.ciudad?.message}>
              {(c) => <Input {...c} {...register("ciudad")} autoComplete="address-level2" placeholder="Bogotá" />}
            </Field>
          </FormSection>

          <FormSection title="Perfil público">
            <Field id="perfil-usertype" label="Tipo de usuario" error={errors.userType?.message}>
              {(c) => (
                <NativeSelect {...c} {...register("userType")}>
                  {USER_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {USER_TYPE_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field
              id="perfil-visibility"
              label="Visibilidad del perfil"
              error={errors.visibility?.message}
              hint={VISIBILITY_LABELS[visibility]?.hint}
            >
              {(c) => (
                <NativeSelect {...c} {...register("visibility")}>
                  {VISIBILITIES.map((value) => (
                    <option key={value} value={value}>
                      {VISIBILITY_LABELS[value].label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field
              id="perfil-description"
              label="Descripción"
              optional
              error={errors.description?.message}
              hint={`${description.length} de ${DESCRIPTION_MAX} caracteres`}
              className="sm:col-span-2"
            >
              {(c) => (
                <Textarea
                  {...c}
                  {...register("description")}
                  rows={4}
                  maxLength={DESCRIPTION_MAX}
                  placeholder="Cuéntale a la comunidad quién eres y qué te interesa."
                />
              )}
            </Field>
          </FormSection>

          <FormSection title="Redes sociales">
            <Field id="perfil-facebook" label="Facebook" optional error={errors.redes?.facebook?.message}>
              {(c) => <Input {...c} {...register("redes.facebook")} placeholder="facebook.com/tu-perfil" />}
            </Field>
            <Field id="perfil-instagram" label="Instagram" optional error={errors.redes?.instagram?.message}>
              {(c) => <Input {...c} {...register("redes.instagram")} placeholder="@tu_usuario" />}
            </Field>
            <Field
              id="perfil-linkedin"
              label="LinkedIn"
              optional
              error={errors.redes?.linkedin?.message}
              className="sm:col-span-2"
            >
              {(c) => <Input {...c} {...register("redes.linkedin")} placeholder="linkedin.com/in/tu-perfil" />}
            </Field>
          </FormSection>

          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
            <Button
              variant="ghost"
              disabled={!isDirty || mutation.isPending}
              onClick={() => {
                reset(toFormValues(profile));
                mutation.reset();
              }}
            >
              Descartar cambios
            </Button>
            <Button type="submit" loading={mutation.isPending} loadingText="Guardando…">
              <Save aria-hidden="true" className="size-4" />
              Guardar cambios
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
