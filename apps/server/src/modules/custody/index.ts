/** Public entry of the custody area (custody records of sales and custodies; the code rules). */
export { custodyRoutes } from "./custody.routes.ts";
export { type CustodyResult, type CustodyService, createCustodyService, toCustodyDto } from "./custody.service.ts";
/** Disputes on custody (issue 19 part 2): a party opens one, the admin's desk resolves it. */
export { disputesRoutes } from "./disputes.routes.ts";
export { createDisputesService, type DisputesService } from "./disputes.service.ts";
