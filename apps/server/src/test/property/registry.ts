/**
 * The areas of the ledger property test, as app.ts wires the real ones: a new kind of deal that moves
 * credits adds its <area>.model.ts (an AreaModel: its steps, timers and end-of-run checks) and one line
 * here. The order is fc.oneof's: a seed (LEDGER_PBT_SEED) replays the same sequence only with the same
 * list, so add new areas at the end.
 */
import type { AreaModel } from "./area.ts";
import { assetsModel } from "./assets.model.ts";
import { commonModel } from "./common.model.ts";
import { custodyModel } from "./custody.model.ts";
import { donationsModel } from "./donations.model.ts";
import { exchangesModel } from "./exchanges.model.ts";
import { ledgerModel } from "./ledger.model.ts";
import { loansModel } from "./loans.model.ts";
import { marketplaceModel } from "./marketplace.model.ts";
import { rentalsModel } from "./rentals.model.ts";
import { salesModel } from "./sales.model.ts";
import { withdrawalsModel } from "./withdrawals.model.ts";

export const AREAS: readonly AreaModel[] = [
  rentalsModel,
  loansModel,
  donationsModel,
  exchangesModel,
  assetsModel,
  ledgerModel,
  salesModel,
  custodyModel,
  commonModel,
  marketplaceModel,
  withdrawalsModel,
];
