import type { DealOutcome, ProcessSpec } from "../deals/process.ts";
import { REVIEW_TEMPLATES } from "./templates.ts";

/**
 * Reviews (issue 19 part 1): after every deal between two people that ended COMPLETED (a sale or a
 * custody handed over, an exchange accepted, a loan returned, a rental finished, a donation or gift
 * handed over), a 'resena' round opens for 14 days. Each party may review the other once; the
 * reviews stay hidden (double-blind) until both reviewed (published at once, `completar`) or the
 * 14 days end (`publicar`, the engine's timer). A reminder (`recordar`) tells whoever has not
 * reviewed yet a few days before the end. Which deals open a round is read from their OUTCOME and
 * their parties, never from process names ({@link reviewPairOf}).
 */

export const REVIEW_ROLES = ["parte_a", "parte_b"] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after the deal completed each party may review the other. */
export const REVIEW_WINDOW_MS = 14 * DAY_MS;
/** The reminder to whoever has not reviewed yet: 3 days before the end. */
export const REVIEW_REMINDER_AFTER_MS = 11 * DAY_MS;
/** Most characters of a review's comment. */
export const REVIEW_COMMENT_MAX = 1000;

export const REVIEW_GUARDS = ["dentroDelPlazo", "sinResenaPrevia", "ambasResenas"] as const;
export const REVIEW_EFFECTS = [
  "invitarPartes", // "¿Cómo te fue con …?" to both parties
  "guardarResena", // the review, hidden until published
  "avisarResena", // the other party learns a review waits for them (not what it says)
  "recordarPendientes", // the reminder to whoever has not reviewed
  "publicarResenas", // every review of the round becomes public
  "avisarPublicadas", // whoever was reviewed is told
] as const;

/** Notices about the deal reviewed (the bell links by the 'resena_' prefix to /calificaciones). */
const aviso = (tipo: string, whenRole?: Readonly<Record<ReviewRole, string>>) =>
  ({ kind: "notify", tipo, relacionado: "padre", ...(whenRole ? { whenRole } : {}) }) as const;

export const REVIEW_PROCESS = {
  name: "resena",
  roles: REVIEW_ROLES,
  states: {
    abierta: {
      label: "Abierta",
      timers: [
        { name: "aviso", transition: "recordar", afterMs: REVIEW_REMINDER_AFTER_MS },
        { name: "plazo", transition: "publicar", afterMs: REVIEW_WINDOW_MS },
      ],
    },
    publicada: { label: "Publicada", final: true },
  },
  transitions: {
    abrir: {
      label: "Calificaciones abiertas",
      from: null,
      to: "abierta",
      actors: ["sistema"],
      guards: [],
      effects: ["invitarPartes"],
    },
    // Stays in 'abierta' (the timers keep running); the service publishes at once after the second.
    calificar: {
      label: "Calificación enviada",
      from: ["abierta"],
      to: "abierta",
      actors: ["parte_a", "parte_b"],
      guards: ["dentroDelPlazo", "sinResenaPrevia"],
      effects: ["guardarResena", "avisarResena"],
    },
    recordar: {
      label: "Recordatorio enviado",
      from: ["abierta"],
      to: "abierta",
      actors: ["sistema"],
      guards: [],
      effects: ["recordarPendientes"],
    },
    completar: {
      label: "Ambas partes calificaron: publicadas",
      from: ["abierta"],
      to: "publicada",
      actors: ["sistema"],
      guards: ["ambasResenas"],
      effects: ["publicarResenas", "avisarPublicadas"],
      outcome: { resultado: "completado" },
    },
    publicar: {
      label: "Plazo terminado: publicadas",
      from: ["abierta"],
      to: "publicada",
      actors: ["sistema"],
      guards: [],
      effects: ["publicarResenas", "avisarPublicadas"],
      outcome: { resultado: "vencido" },
    },
  },
  effects: {
    invitarPartes: aviso("resena_pendiente"),
    // Only to the other party, and only if they have not reviewed yet.
    avisarResena: aviso("resena_recibida", { parte_a: "pendienteA", parte_b: "pendienteB" }),
    recordarPendientes: aviso("resena_recordatorio", { parte_a: "pendienteA", parte_b: "pendienteB" }),
    avisarPublicadas: {
      ...aviso("resena_publicada", { parte_a: "calificadoA", parte_b: "calificadoB" }),
      template: "publicadas",
    },
  },
  templates: REVIEW_TEMPLATES,
  stateMessages: {
    abierta: "Esta operación ya se puede calificar",
    publicada: "El plazo para calificar esta operación terminó.",
  },
  finishRefusedMessage: "Las calificaciones no se finalizan desde un activo",
} as const satisfies ProcessSpec;

/**
 * The two people of a closed deal who may review each other, in the order of its table's roles, or
 * null: only a COMPLETED deal (its outcome) between two different people (a shop purchase or a
 * withdrawal has one party: not reviewable), never a sub-process (part of its parent) nor a review
 * round itself.
 */
export function reviewPairOf(
  process: Pick<ProcessSpec, "name" | "roles" | "drivenBy">,
  deal: { outcome: DealOutcome["resultado"] | string | null; parties: Record<string, string> },
): [string, string] | null {
  if (deal.outcome !== "completado" || process.drivenBy || process.name === REVIEW_PROCESS.name) return null;
  const people = [
    ...new Set(process.roles.map((r) => deal.parties[r]).filter((id): id is string => typeof id === "string")),
  ];
  if (people.length !== 2) return null;
  return [people[0] as string, people[1] as string];
}
