import { AUTH_MSG } from "./auth/messages.ts";
import { COMMON_MSG } from "./common/messages.ts";
import { PROFILE_MSG } from "./profile/messages.ts";

/**
 * The Spanish message catalogue shared by server and web. The wording is part
 * of the product contract (spec: calls-validation-errors.md §5 and §8). Each area
 * keeps its messages in its folder; MSG gathers the shared ones under one name.
 */
export const MSG = { ...COMMON_MSG, ...AUTH_MSG, ...PROFILE_MSG } as const;
