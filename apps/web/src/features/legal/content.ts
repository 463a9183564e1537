import { TERMINOS_VERSION } from "@valoriza/domain";

/** Who answers for the treatment of personal data, and where the holder writes (Decreto 1377 de 2013). */
export const RESPONSABLE = {
  nombre: "Valoriza",
  domicilio: "Bogotá D.C., Colombia",
  correo: "contacto@valoriza.co",
} as const;

/** The version date of the terms and the policy ("2026-11-26") as Colombians write it: 26 de noviembre de 2026. */
export function versionDate(version: string = TERMINOS_VERSION): string {
  const [y, m, d] = version.split("-").map(Number);
  if (!y || !m || !d) return version;
  return new Intl.DateTimeFormat("es-CO", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** Paths of the legal pages (reachable signed out; the consent dialog never covers them). */
export const LEGAL_PATHS = ["/terminos", "/privacidad"] as const;
