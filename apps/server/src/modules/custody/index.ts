/** Public entry of the custody area (custody records of sales and custodies; the code rules). */
export { custodyRoutes } from "./custody.routes.ts";
export { type CustodyResult, type CustodyService, createCustodyService, toCustodyDto } from "./custody.service.ts";
