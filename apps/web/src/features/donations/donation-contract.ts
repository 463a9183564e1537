import { type Donation, donationResponseSchema } from "@valoriza/domain";
import { parseAnswer } from "../../lib/contracts.ts";

export interface DonationView {
  id: string;
  assetId: string;
  assetTitle: string;
  donor: { id: string; name: string };
  recipient: { id: string; name: string } | null;
  message: string;
  status: Donation["status"];
  /** 'regalo' when sent from /regalar (its words are a gift's), else 'donacion'. */
  kind: Donation["kind"];
  /** The step that closed it (aceptar, reclamar, rechazar, cancelar, expirar); "" while pending. */
  closedBy: string;
}

export function donationView(d: Donation): DonationView {
  return {
    id: d._id,
    assetId: d.assetId._id,
    assetTitle: d.assetId.title || "Activo",
    donor: { id: d.donorId._id, name: d.donorId.name },
    recipient: d.recipientId ? { id: d.recipientId._id, name: d.recipientId.name } : null,
    message: d.message,
    status: d.status,
    kind: d.kind,
    closedBy: d.closedBy ?? "",
  };
}

/** A donation's answer (create, accept, reject, cancel, claim) parsed with its contract, in the web's shape. */
export function parseDonationAnswer(body: unknown): { donation: DonationView; message: string } {
  const answer = parseAnswer(donationResponseSchema, body);
  return { donation: donationView(answer.data), message: answer.message };
}
