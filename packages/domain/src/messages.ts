/**
 * The Spanish message catalogue shared by server and web. The wording is part
 * of the product contract (spec: calls-validation-errors.md §5 and §8).
 */
export const MSG = {
  // Generic / server
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

  // Authentication
  emailTaken: "Ya existe una cuenta con este correo electrónico",
  badCredentials: "Correo o contraseña incorrectos",
  tooManyLoginAttempts: (minutes: number) =>
    `Demasiados intentos fallidos. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  nameRequired: "El nombre es obligatorio",
  apellidoRequired: "El apellido es obligatorio",
  emailRequired: "El correo electrónico es obligatorio",
  emailInvalid: "Ingresa un correo electrónico válido",
  passwordRequired: "La contraseña es obligatoria",
  passwordMin: "La contraseña debe tener al menos 6 caracteres",
  passwordMax: "La contraseña no puede tener más de 128 caracteres",
  loginError: "Error al iniciar sesión",
  registerError: "Error al registrarse",
  authToastTitle: "Revisa tu información",
  authErrorFallback: "Error de autenticación",
  invalidLoginResponse: "Invalid response from login endpoint",
  invalidRegisterResponse: "Invalid response from register endpoint",
  loginSuccess: "¡Bienvenido de nuevo!",
  registerSuccess: "¡Cuenta creada exitosamente!",

  // Profile and password
  fetchProfileFailed: "Failed to fetch profile",
  updateProfileError: "Error al actualizar el perfil",
  changePasswordError: "Error al cambiar la contraseña",
  profileUpdated: "¡Perfil actualizado exitosamente!",
  passwordUpdated: "¡Contraseña actualizada exitosamente!",
  passwordsDontMatch: "Las contraseñas no coinciden",
  newPasswordMin: "La nueva contraseña debe tener al menos 6 caracteres",
  passwordFieldsRequired: "Completa todos los campos de contraseña",
  currentPasswordWrong: "La contraseña actual es incorrecta",
  samePassword: "La nueva contraseña debe ser diferente de la actual",
  userNotFound: "Usuario no encontrado",
  balanceUnavailable: "User ID or token not available",
  sessionExpiredToast: "Sesión expirada",
} as const;
