import { type NotificationContract, notificationsResponseSchema } from "@valoriza/domain";
import { parseAnswer } from "../../lib/contracts.ts";

/**
 * GET /notificaciones/usuario parsed with its contract. Its own module, imported when the list is
 * first fetched (the panel opens), so the bell on every page's first load carries no zod.
 */
export const parseNotifications = (body: unknown): NotificationContract[] =>
  parseAnswer(notificationsResponseSchema, body).data;
