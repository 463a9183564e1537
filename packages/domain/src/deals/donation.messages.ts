/*
 * The donations' Spanish messages, in a module of their own: the web's asset page shows them without
 * loading the donations' schemas (and zod) that donation.ts builds.
 */

export const DONATION_MSG = {
  required: "Debes seleccionar un activo y escribir un mensaje.",
  giftRecipientRequired: "Debes especificar el destinatario del regalo.",
  donationFailed: "No se pudo crear la donación.",
  giftFailed: "No se pudo enviar el regalo.",
  loginDonation: "Debes iniciar sesión para crear una donación.",
  loginGift: "Debes iniciar sesión para enviar un regalo.",
  notFound: "Donación no encontrada",
  notYourAsset: "Solo puedes donar tus propios activos",
  notForDonation: "Este activo no está publicado para donar o regalar",
  notAvailable: "Este activo no está disponible en este momento",
  recipientIsYou: "No puedes donarte un activo a ti mismo",
  recipientNotFound: "No encontramos al destinatario",
  alreadyClaimed: "Esta donación ya fue reclamada por otra persona",
  notCommunity: "Esta donación tiene un destinatario: solo esa persona puede aceptarla",
  ownDonation: "No puedes reclamar tu propia donación",
  notParty: "Esta donación o regalo es entre otras personas: no puedes aceptarlo, rechazarlo ni cancelarlo",
  created: "Donación creada",
  giftCreated: "Regalo enviado",
  accepted: "Donación recibida: el activo ya es tuyo",
  giftAccepted: "Regalo recibido: el activo ya es tuyo",
  giftRejected: "Regalo rechazado",
  giftCancelled: "Regalo cancelado",
  claimed: "¡Reclamaste la donación! El activo ya es tuyo",
  cancelled: "Donación cancelada",
  rejected: "Donación rechazada",
} as const;
