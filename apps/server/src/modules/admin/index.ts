/** Public entry of the admin's desk (issue 11, ADR 011): admin calls and the append-only action log. */
export { adminRoutes } from "./admin.routes.ts";
export { type AdminService, createAdminService } from "./admin.service.ts";
