/** Profile and password messages (spec: calls-validation-errors.md §5 and §8). */
export const PROFILE_MSG = {
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
