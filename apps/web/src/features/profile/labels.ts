import type { SEXOS, USER_TYPES, VISIBILITIES } from "@valoriza/domain";

export const SEXO_LABELS: Record<(typeof SEXOS)[number], string> = {
  no_especificar: "No especificar",
  masculino: "Masculino",
  femenino: "Femenino",
  otro: "Otro",
};

export const USER_TYPE_LABELS: Record<(typeof USER_TYPES)[number], string> = {
  persona: "Persona",
  empresa: "Empresa",
  ong: "ONG",
};

export const VISIBILITY_LABELS: Record<(typeof VISIBILITIES)[number], { label: string; hint: string }> = {
  publico: { label: "Público", hint: "Cualquier persona puede ver tu perfil." },
  validado: { label: "Validado", hint: "Solo usuarios verificados pueden ver tu perfil." },
  privado: { label: "Privado", hint: "Tu perfil no se muestra a otros usuarios." },
};
