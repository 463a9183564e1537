/** Push and mail notifications (issue 20 items 2 and 3): Spanish messages of the API and the web. */
export const PUSH_MSG = {
  invalidEndpoint: "La dirección de la suscripción (endpoint) debe ser una URL https válida",
  endpointNotAllowed: "La dirección de la suscripción no es la de un servicio de notificaciones push",
  invalidP256dh: "La clave p256dh de la suscripción no es válida",
  invalidAuth: "La clave auth de la suscripción no es válida",
  tooManySubscriptions: "Tienes demasiados dispositivos con notificaciones push. Desactívalas en alguno.",
  subscribed: "Notificaciones push activadas en este dispositivo",
  unsubscribed: "Notificaciones push desactivadas en este dispositivo",
  notSubscribed: "Este dispositivo no tenía notificaciones push activas",
  preferencesSaved: "Preferencias de notificaciones guardadas",
  invalidCorreo: "Elige cómo recibir correos: inmediato, diario o nunca",
  invalidPush: "push debe ser verdadero o falso",
  invalidUnsubscribeToken: "El enlace para dejar de recibir correos no es válido",
  unsubscribedMail: "Listo: ya no recibirás notificaciones por correo de Valoriza.",
} as const;
