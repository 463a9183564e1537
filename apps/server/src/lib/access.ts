import { invalidIdMessage } from "@valoriza/domain";
import { z } from "zod";
import type { AuthUser } from "./auth.ts";
import { forbidden } from "./errors.ts";
import { UUID_RE } from "./ids.ts";

/** 'El identificador del usuario no es válido': the one message of a malformed id (issue 15 item 23). */
export const INVALID_USER_ID = invalidIdMessage("usuario");

/** A uuid in a path or body: 400 with `message` otherwise; stored lower-case. */
export const uuidString = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(UUID_RE, { message })
    .transform((s) => s.toLowerCase());

/** `/{userId}` path parameters. */
export const userIdParams = z.object({ userId: uuidString(INVALID_USER_ID) });

/**
 * Per-user data behind a `{userId}` in the path: only its owner may read it,
 * or an admin. Anyone else gets 403 'No tienes permiso para realizar esta acción'.
 */
export function assertSelfOrAdmin(viewer: AuthUser, userId: string): void {
  if (viewer.id.toLowerCase() !== userId.toLowerCase() && !viewer.isAdmin) throw forbidden();
}
