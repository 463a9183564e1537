/**
 * Public entry of the notifications area. Other areas call `notify` inside their transaction.
 */
export { type NotifyInput, notify, notifyParts, type RelacionadoTipo } from "./notifications.repository.ts";
export { notificationsRoutes } from "./notifications.routes.ts";
export { createNotificationsService, type NotificationsService } from "./notifications.service.ts";
