/**
 * Public entry of the notifications area. Other areas call `notify` inside their transaction, and
 * `notifyFavoriteChange` when an asset people keep as a favourite is sold, withdrawn or cheaper.
 */
export {
  type FavoriteChange,
  type FavoriteChangeInput,
  favoriteChangeParts,
  notifyFavoriteChange,
} from "./notifications.favorites.ts";
export { type NotifyInput, notify, notifyParts, type RelacionadoTipo } from "./notifications.repository.ts";
export { notificationsRoutes } from "./notifications.routes.ts";
export { createNotificationsService, type NotificationsService } from "./notifications.service.ts";
