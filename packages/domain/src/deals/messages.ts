import { formatCOP, formatNumber } from "../economy/format.ts";
import { CODE_LENGTH, CUSTODY_MAX_WRONG_CODES } from "./custody.ts";

/** Spanish messages of the sale and custody areas (spec wording where the spec has one). */
export const DEALS_MSG = {
  // Spec (calls-validation-errors §5, §8)
  insufficientCredits: "No tienes suficientes créditos disponibles",
  paymentMethodRequired: "Selecciona un método de pago",
  loginForAction: "Debes iniciar sesión para realizar esta acción",
  actionFailed: "Error al realizar la acción",
  custodyFieldsRequired: "Debes completar ID del activo e ID del receptor",
  custodyCodeRequired: "Debes ingresar el código de confirmación",
  custodyCreateFailed: "No se pudo crear la custodia",
  custodyConfirmFailed: "No se pudo confirmar la custodia",
  custodyCancelFailed: "No se pudo cancelar la custodia",

  // Sale
  purchaseCreated: "Compra registrada. Los créditos quedan en custodia hasta que recibas el activo.",
  purchaseCreatedCash: "Compra registrada. Paga en dinero al vendedor al recibir el activo; no se movieron créditos.",
  buyerMustBeYou: "El comprador debe ser el usuario de la sesión",
  sellerMismatch: "El vendedor indicado no es el dueño del activo",
  ownAsset: "No puedes comprar tu propio activo",
  notForSale: "Este activo no está a la venta",
  notAvailable: "Este activo ya no está disponible: otra persona lo está comprando o está en otra operación",
  /** The stale-price refusal, in the unit the buyer chose: credits, or pesos for a cash purchase. */
  priceChanged: (price: number, modoPago: "creditos" | "dinero" = "creditos") =>
    `El precio del activo cambió: ahora es ${
      modoPago === "dinero" ? formatCOP(price) : `${formatNumber(price)} créditos`
    }. Revisa y confirma de nuevo.`,
  worthlessAsset: "Este activo no tiene créditos asignados: no se puede comprar con créditos",
  assetNotFound: "Activo no encontrado",

  // Custody
  custodyCreated: "Custodia creada. Comparte el código con quien recibe el activo cuando se lo entregues.",
  custodyConfirmed: "Entrega confirmada",
  custodyCancelled: "Custodia cancelada",
  custodyNotFound: "Custodia no encontrada",
  notYourAsset: "Solo el dueño del activo puede entregarlo en custodia",
  receiverNotFound: "No encontramos al usuario que recibe",
  receiverIsYou: "No puedes asignarte una custodia a ti mismo",
  onlyOfferer: "Solo quien entrega el activo puede cancelar la custodia",
  wrongCode: "Código de confirmación incorrecto",
  codeFormat: `El código de confirmación debe tener ${CODE_LENGTH} dígitos`,
  tooManyWrongCodes: (minutes: number) =>
    `Ingresaste ${CUSTODY_MAX_WRONG_CODES} códigos incorrectos. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  invalidAssetId: "El identificador del activo no es válido",
  invalidUserId: "El identificador del usuario no es válido",
  invalidCustodyId: "El identificador de la custodia no es válido",
  notesTooLong: "Las notas no pueden tener más de 500 caracteres",
  invalidTransactionType: "El tipo de transacción debe ser venta, intercambio, prestamo o alquiler",
  invalidPaymentMode: "El método de pago debe ser creditos o dinero",
} as const;
