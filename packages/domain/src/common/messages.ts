/** Generic messages of the server and the web (spec: calls-validation-errors.md §5 and §8). */
export const COMMON_MSG = {
  internal: "Ocurrió un error interno. Intenta de nuevo en unos momentos.",
  notFoundRoute: "La ruta solicitada no existe",
  notFound: "No encontramos lo que buscas",
  malformedJson: "El cuerpo de la solicitud no es un JSON válido",
  payloadTooLarge: "La solicitud es demasiado grande",
  unsupportedMediaType: "El tipo de contenido de la solicitud no es compatible",
  invalidData: "Datos inválidos",
  loginRequired: "Debes iniciar sesión",
  sessionExpired: "Tu sesión expiró. Inicia sesión de nuevo.",
  forbidden: "No tienes permiso para realizar esta acción",
  tooManyRequests: "Demasiadas solicitudes. Intenta de nuevo en unos momentos.",
  idempotencyMismatch: "La clave de idempotencia ya se usó con una solicitud diferente",
} as const;
