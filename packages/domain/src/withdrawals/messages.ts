import { formatNumber } from "../economy/format.ts";
import { LOW_AMOUNT_WALLET_CAP, WITHDRAWAL_METHOD_LABELS, type WithdrawalMethod } from "./process.ts";

const fmt = (n: number) => formatNumber(n);

/** Spanish wording of withdrawals (calls-validation-errors §5, §8 Withdrawals). */
export const WITHDRAWALS_MSG = {
  title: "Retiros",
  restricted: "Acceso restringido: Esta función está temporalmente disponible solo para administradores.",
  amountRequired: "Por favor ingresa un monto mayor a cero para continuar.",
  amountTooLarge: "El monto es demasiado grande",
  errorFallback: "Error al ejecutar retiro",
  errorToast: "No pudimos procesar tu retiro",
  loadError: "Error al cargar los retiros",
  tipoInvalid: "Selecciona el tipo de retiro: dinero, bienes o tiempo",
  metodoInvalid: "Selecciona el método: Nequi, Daviplata, Wompi o PSE",
  celularInvalid: "Ingresa el número celular de 10 dígitos (empieza por 3) de la cuenta Nequi o Daviplata",
  bancoRequired: "Ingresa el banco de la cuenta",
  tipoCuentaInvalid: "Selecciona el tipo de cuenta: ahorros o corriente",
  numeroCuentaInvalid: "Ingresa el número de cuenta (solo dígitos, entre 6 y 20)",
  titularRequired: "Ingresa el nombre del titular de la cuenta",
  tipoDocumentoInvalid: "Selecciona el tipo de documento del titular",
  numeroDocumentoInvalid: "Ingresa el número de documento del titular (solo dígitos, entre 5 y 15)",
  requested: "Retiro solicitado: un administrador hará el pago y te avisaremos",
  notFound: "Retiro no encontrado",
  referenciaRequired: "Para aprobar un retiro ingresa la referencia del pago",
  referenciaTooLong: "La referencia no puede superar 100 caracteres",
  motivoTooLong: "El motivo no puede superar 300 caracteres",
  estadoInvalid: "El estado debe ser aprobado o rechazado",
  approved: "Retiro aprobado y registrado como pagado",
  alreadyPaid: (referencia: string) =>
    `Este retiro ya fue aprobado y pagado con la referencia ${referencia}: no lo pagues de nuevo`,
  rejected: "Retiro rechazado: los créditos volvieron al usuario",
  capExceeded: (metodo: WithdrawalMethod, alreadyCOP: number, remainingCredits: number) =>
    `Este retiro supera el tope mensual de ${WITHDRAWAL_METHOD_LABELS[metodo]} para ese número: ${String(
      LOW_AMOUNT_WALLET_CAP.uvt,
    ).replace(".", ",")} UVT (${fmt(LOW_AMOUNT_WALLET_CAP.monthlyCOP)} COP en ${LOW_AMOUNT_WALLET_CAP.year}). ` +
    `Este mes ya van ${fmt(alreadyCOP)} COP; puedes retirar hasta ${fmt(remainingCredits)} créditos más a ese número.`,
} as const;
