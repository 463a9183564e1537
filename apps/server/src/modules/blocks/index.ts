/**
 * Blocks (issue 19 part 4): the only door of the area. `assertNoBlock` is the check every route
 * where two people meet runs before it writes; `noBlockBetween` the condition the feed and the
 * searches add so the two stop seeing each other's listings.
 */
export { noBlockBetween } from "./blocks.repository.ts";
export { blocksRoutes } from "./blocks.routes.ts";
export {
  assertNoBlock,
  assertNoBlockAmong,
  type BlocksService,
  createBlocksService,
  foreseeNoBlockAmong,
  noBlockWithOwnerOnLock,
} from "./blocks.service.ts";
