/** What the server answers on asset operations (success messages); field and error messages are ASSET_MSG. */
export const ASSET_RESULT_MSG = {
  registered: "Activo registrado exitosamente",
  timeRegistered: "Tiempo registrado exitosamente",
  moneyRegistered: "Aporte registrado exitosamente",
  deactivated: "Activo desactivado. Sus créditos bloqueados fueron destruidos.",
  deactivationReason: "Desactivación del activo",
  operationFinished: "Operación finalizada",
  creditsReleased: "Créditos liberados",
  creditsAlreadyReleased: "Los créditos de este activo ya estaban liberados",
  valuationUpdated: (n: number) => `Se actualizaron ${n} activos`,
  valuationCurrent: "Tus activos ya tienen la valorización actual",
  invalidActionType: "Tipo de activo no válido: usa bienes, tiempo o dinero",
} as const;
