/** Public entry of the profile area. */
export { profileRoutes } from "./profile.routes.ts";
export { createProfileService, type ProfileService } from "./profile.service.ts";
