/** Public entry of the admin's desk (issue 11, ADR 011): admin calls and the append-only action log. */

/** For other areas' admin decisions (identity verification): one row of the log, in their transaction. */
export { recordAdminAction } from "./admin.repository.ts";
export { adminRoutes } from "./admin.routes.ts";
export { type AdminService, createAdminService } from "./admin.service.ts";
