/** Public entry of the profile area (the profile, consent and the holder's data rights). */
export { accountDataRoutes } from "./account-data.routes.ts";
export { type AccountDataPorts, type AccountDataService, createAccountDataService } from "./account-data.service.ts";
export { profileRoutes } from "./profile.routes.ts";
export { createProfileService, type ProfileService } from "./profile.service.ts";
