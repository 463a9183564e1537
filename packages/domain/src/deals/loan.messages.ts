/*
 * The loans' Spanish messages and the longest term, in a module of their own: the web's loan button
 * shows them without loading the loans' schemas (and zod) that loan.ts builds.
 */
import { formatNumber } from "../economy/format.ts";

/** The longest term accepted. */
export const LOAN_MAX_DAYS = 365;

export const LOAN_MSG = {
  required: "Por favor completa el activo y el email del prestamista.",
  guaranteeRequired: "Debes especificar la cantidad de créditos a bloquear.",
  lenderNotFound: "Prestamista no encontrado",
  createFailed: "No se pudo crear la solicitud.",
  lenderLookupFailed: "No se pudo encontrar al prestamista.",
  loginRequired: "Debes iniciar sesión para ver y gestionar préstamos.",
  notFound: "Préstamo no encontrado",
  ownAsset: "No puedes solicitar en préstamo tu propio activo",
  notLenderAsset: "Ese activo no pertenece al prestamista indicado",
  notForLoan: "Este activo no está publicado para préstamo",
  notAvailable: "Este activo no está disponible en este momento",
  notDue: "El préstamo aún no ha vencido: solo puede marcarse como vencido después de la fecha de devolución",
  onlyLender: "Solo el prestamista puede realizar esta acción",
  invalidTerm: `El plazo debe ser un número entero de días entre 1 y ${LOAN_MAX_DAYS}`,
  invalidInterest: "El interés debe ser un porcentaje entre 0 y 100",
  invalidGuarantee: "La garantía debe ser un número entero de créditos mayor o igual a 0",
  invalidGuaranteeType: "Tipo de garantía no válido",
  created: "Solicitud de préstamo enviada",
  approved: "Préstamo aprobado",
  returned: "Devolución confirmada",
  defaulted: "Préstamo marcado como vencido",
  cancelled: "Solicitud cancelada",
  /** Refused at request time: the borrower's available credits do not cover the guarantee and the interest. */
  borrowerShort: (garantia: number, interes: number) =>
    `No tienes suficientes créditos disponibles: este préstamo bloquea ${formatNumber(garantia)} ${
      garantia === 1 ? "crédito" : "créditos"
    } de garantía y cobra ${formatNumber(interes)} de interés al aprobarse.`,
  /** The lender approves but the borrower no longer has the credits (they spent them after asking). */
  borrowerShortAtApproval:
    "Quien pidió el préstamo ya no tiene suficientes créditos disponibles para la garantía y el interés: el préstamo no se aprobó.",
  collateralRequired: "Debes elegir el activo que dejas como garantía.",
  collateralSameAsset: "El activo en garantía no puede ser el mismo que pides prestado.",
  collateralNotYours: "El activo en garantía debe ser uno de tus activos.",
  collateralNotAvailable:
    "El activo en garantía no está disponible: debe estar publicado (activo o disponible) y sin otra operación en curso.",
  collateralTaken:
    "El activo en garantía ya no está disponible (se vendió, cambió de dueño o está en otra operación): el préstamo no se aprobó.",
  collateralReserved:
    "Este activo está reservado como garantía de un préstamo activo: se libera cuando el prestamista confirma la devolución.",
} as const;
