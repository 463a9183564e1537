/**
 * Public entry of the identity-verification area (issue 17 item 1, ADR 021): the person's document
 * and selfie, the admin's decision, and the deletion of both with the account.
 */
export { verificationRoutes } from "./verification.routes.ts";
export { createVerificationService, deleteIdentityOf, type VerificationService } from "./verification.service.ts";
