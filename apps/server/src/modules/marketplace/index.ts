/** Public entry of the official marketplace (issue 11, ADR 011): products and purchases (a process of the engine). */
export { marketplaceRoutes } from "./marketplace.routes.ts";
export {
  type Bought,
  createMarketplaceService,
  insertProducts,
  type MarketplaceService,
} from "./marketplace.service.ts";
