/** Public entry of the moderation area (issue 19 part 3): reports, and the admin's hide/suspend decisions. */
export { moderationRoutes } from "./moderation.routes.ts";
export { createModerationService, type ModerationService } from "./moderation.service.ts";
