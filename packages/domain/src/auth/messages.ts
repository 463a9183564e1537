/** Sign-up, login and session messages (spec: calls-validation-errors.md §5 and §8). */
export const AUTH_MSG = {
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
} as const;

/**
 * Account links and sessions (issue 16). Messages are part of the contract (the pages compare them).
 * Here, with no zod, so the email banner every page may show carries none.
 */
export const ACCOUNT_MSG = {
  linkInvalid: "El enlace no es válido. Revisa que lo hayas copiado completo o pide uno nuevo.",
  linkExpired: "El enlace expiró. Pide uno nuevo.",
  linkUsed: "Este enlace ya se usó.",
  emailVerified: "¡Tu correo quedó verificado!",
  alreadyVerified: "Tu correo ya está verificado.",
  verificationSent: "Te enviamos un nuevo enlace de verificación. Revisa tu correo.",
  tooManyVerificationMails: (minutes: number) =>
    `Ya te enviamos un enlace hace poco. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  resetRequested:
    "Si existe una cuenta con ese correo, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.",
  tooManyResetRequests: (minutes: number) =>
    `Demasiadas solicitudes. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  passwordReset: "Tu contraseña quedó restablecida.",
  loggedOut: "Cerraste sesión.",
  tooManySignups: (minutes: number) =>
    `Se crearon demasiadas cuentas desde tu conexión. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  forgotPassword: "¿Olvidaste tu contraseña?",
  banner: "Verifica tu correo electrónico: te enviamos un enlace para confirmar tu cuenta.",
  resend: "Reenviar enlace",
  tokenRequired: "Falta el enlace",
} as const;
