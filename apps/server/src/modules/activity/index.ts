/**
 * Public entry of the activity area (/movimientos and /mi-actividad history).
 * Other areas record business history with recordMovement / recordTransaction inside their transaction.
 */
export {
  isMovimientoTipo,
  isTransaccionTipo,
  type MovimientoTipo,
  movementPart,
  recordMovement,
  recordTransaction,
  type TransaccionTipo,
  transactionPart,
} from "./activity.repository.ts";
export { activityRoutes } from "./activity.routes.ts";
export { type ActivityService, createActivityService } from "./activity.service.ts";
