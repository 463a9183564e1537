import { MAX_AMOUNT_COP, MAX_IMAGES } from "../constants.ts";
import {
  ASSET_STATUS_LABELS,
  DEACTIVATABLE_STATUSES,
  TIME_HOURS_MAX,
  TIME_HOURS_MIN,
  YEAR_OF_PURCHASE_MIN,
} from "../economy/constants.ts";
import { groupThousands } from "../economy/format.ts";

// Messages and field bounds live apart from the zod schemas (schemas.ts), so a page that only
// shows an asset's texts does not load zod.

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const CATEGORY_MAX = 80;
export const SUBCATEGORY_MAX = 120;
export const LOCATION_MAX = 200;
export const PLACE_MAX = 80;

const MAX_COP_TEXT = `$${groupThousands(MAX_AMOUNT_COP)}`;

/** Spanish messages of assets and registration. Wording from the spec where it gives one. */
export const ASSET_MSG = {
  // Spec, calls §5 / §8 (exact strings)
  limitReached: "Límite alcanzado",
  maxImages: `Solo puedes subir hasta ${MAX_IMAGES} fotos`,
  authRequired: "Autenticación requerida",
  loginFirst: "Inicia sesión primero",
  actionRequired: "Acción requerida",
  assetTypeRequired: "Tipo de activo requerido",
  goodsFieldsRequired: "Completa todos los campos del bien",
  goodsValuePositive: "El valor del bien debe ser un número positivo",
  hoursRange: `Las horas deben ser un número entero entre ${TIME_HOURS_MIN} y ${TIME_HOURS_MAX}`,
  sellMissingFields: "Faltan algunos datos: Por favor completa el título, descripción y precio para continuar.",
  sellPublishErrorToast: "No pudimos publicar el activo",
  sellPublishErrorFallback: "No pudimos publicar tu activo",
  createAssetError: "Error al crear el activo",
  registrationFailedToast: "No pudimos completar el registro",
  wizardCreateAssetError: "Error al crear activo",
  registerTimeError: "Error al registrar tiempo",
  registerMoneyError: "Error al registrar aporte",
  processImagesError: "Error al procesar imágenes",
  loadActionsError: "Error al cargar acciones disponibles",
  loadAssetError: "No se pudo cargar el activo",
  copyError: "Error al copiar",
  copyLinkError: "No se pudo copiar el enlace",
  loadAssetsError: "Error al cargar activos",
  loadOwnAssetsError: "Error al cargar los activos",
  deactivateError: "Error al desactivar el activo",
  deactivateErrorTitle: "No se puede desactivar",
  finishOperationError: "Error al finalizar la operación",
  migrateValuationError: "Error al migrar valorización",
  loginRequired: "Debes iniciar sesión",
  economyReportError: "Error al cargar reporte económico",
  loadTransactionsError: "Error al cargar las transacciones",
  loadBalanceError: "Error al cargar el balance",
  syncWalletError: "Error al sincronizar wallet",
  noSearchResults: "No se encontraron activos...",
  noAssets: "No hay activos disponibles en este momento.",
  nearbyAssetsTitle: "Activos cercanos a ti",
  resultsFor: "Resultados para",
  ownAssetBadge: "Este es tu activo",

  // Field messages the spec leaves open (our wording)
  titleRequired: "El título es obligatorio",
  titleMax: `El título no puede tener más de ${TITLE_MAX} caracteres`,
  descriptionRequired: "La descripción es obligatoria",
  descriptionMax: `La descripción no puede tener más de ${DESCRIPTION_MAX} caracteres`,
  assetTypeInvalid: "Selecciona un tipo de activo válido",
  originRequired: "El origen es obligatorio",
  originInvalid: "Selecciona un origen válido",
  categoryRequired: "La categoría es obligatoria",
  categoryMax: `La categoría no puede tener más de ${CATEGORY_MAX} caracteres`,
  subcategoryMax: `La subcategoría no puede tener más de ${SUBCATEGORY_MAX} caracteres`,
  especializacionMax: `La especialización no puede tener más de ${SUBCATEGORY_MAX} caracteres`,
  conditionRequired: "La condición es obligatoria",
  conditionInvalid: "Selecciona una condición válida (nuevo o usado)",
  physicalStateRequired: "El estado físico es obligatorio",
  physicalStateInvalid: "Selecciona un estado físico válido",
  yearRequired: "El año de compra es obligatorio",
  yearInteger: "El año de compra debe ser un año válido",
  yearMin: `El año de compra no puede ser anterior a ${YEAR_OF_PURCHASE_MIN}`,
  yearMax: (currentYear: number) => `El año de compra no puede ser posterior a ${currentYear}`,
  baseValueRequired: "El valor base es obligatorio",
  baseValueNumber: "El valor base debe ser un número",
  baseValueInteger: "El valor base debe ser un número entero de pesos",
  baseValueMin: "El valor base no puede ser negativo",
  baseValueMax: `El valor base no puede superar ${MAX_COP_TEXT}`,
  priceMin: "El precio no puede ser negativo",
  priceStep: "El precio va de mil en mil pesos (por ejemplo 850.000)",
  publishDeactivated: "Un activo desactivado no se puede publicar",
  publishInOperation: "Este activo está en una operación: podrás publicarlo cuando termine",
  goodsValueInteger: "El valor del bien debe ser un número entero de pesos",
  valueMax: `El valor no puede superar ${MAX_COP_TEXT}`,
  locationMax: `La ubicación no puede tener más de ${LOCATION_MAX} caracteres`,
  placeMax: `La ciudad y el departamento no pueden tener más de ${PLACE_MAX} caracteres`,
  mainPurposeInvalid: "Selecciona una acción válida",
  actionNotAllowed: "Esta acción no está disponible para este tipo de activo",
  privacyInvalid: "Selecciona una privacidad válida",
  imagesInvalid: "Las fotos no son válidas",
  serviceTypeRequired: "El tipo de servicio es obligatorio",
  especializadoInvalid: "Indica si el servicio es especializado",
  amountRequired: "El monto es obligatorio",
  amountPositive: "El monto debe ser un número positivo",
  amountInteger: "El monto debe ser un número entero de pesos",
  amountMax: `El monto no puede superar ${MAX_COP_TEXT}`,
  contributionTypeRequired: "El tipo de aporte es obligatorio",
  contributionTypeInvalid: "Selecciona un tipo de aporte válido",
  unknownAssetType: "Tipo de activo desconocido",
  coordsInvalid: "La ubicación no es válida",
} as const;

/** The Spanish label of an asset status, as the screens show it ('operacion' -> 'En operación'). */
export const assetStatusLabel = (status: string): string =>
  (ASSET_STATUS_LABELS as Readonly<Record<string, string>>)[status] ?? status;

/** What the server answers on asset operations (success messages); field and error messages are ASSET_MSG. */
export const ASSET_RESULT_MSG = {
  registered: "Activo registrado exitosamente",
  timeRegistered: "Tiempo registrado exitosamente",
  moneyRegistered: "Aporte registrado exitosamente",
  deactivated: "Activo desactivado. Sus créditos bloqueados fueron destruidos.",
  published: "Activo publicado. Ya aparece para otras personas con su nuevo propósito.",
  deactivationReason: "Desactivación del activo",
  operationFinished: "Operación finalizada",
  creditsReleased: "Créditos liberados",
  creditsAlreadyReleased: "Los créditos de este activo ya estaban liberados",
  /** POST /activos/liberar-creditos by who gave the asset away in an accepted exchange (issue 15 item 19). */
  creditsGoneWithExchange:
    "Este activo ya es de la otra persona por el intercambio: sus créditos se liberaron al aceptarlo y no queda nada por liberar",
  /** Deactivation refused in the asset's state, shown with the labels of the screens (issue 15 item 4). */
  deactivateRefusedState: (status: string) =>
    `Solo se pueden desactivar activos en estado ${DEACTIVATABLE_STATUSES.map((s) => ASSET_STATUS_LABELS[s]).join(" o ")} (estado actual: ${assetStatusLabel(status)})`,
  valuationUpdated: (n: number) => `Se actualizaron ${n} activos`,
  valuationCurrent: "Tus activos ya tienen la valorización actual",
  invalidActionType: "Tipo de activo no válido: usa bienes, tiempo o dinero",
} as const;
