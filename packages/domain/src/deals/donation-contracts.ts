import { z } from "zod";
import { communityDonationSchema, donationSchema } from "./donation.ts";

/** GET /api/donations: a bare array, mine (made and received). */
export const donationListSchema = z.array(donationSchema);
/** POST /api/donations and each step (aceptar, rechazar, cancelar, reclamar). */
export const donationResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: donationSchema });
export type DonationResponse = z.infer<typeof donationResponseSchema>;
/** GET /api/community-donations (no session): a bare array, the unclaimed community donations. */
export const communityDonationListSchema = z.array(communityDonationSchema);
