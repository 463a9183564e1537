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
