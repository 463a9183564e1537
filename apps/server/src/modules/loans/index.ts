/** Public entry of the loans area (préstamos: the 'prestamo' process, its record and calls). */
export { loansRoutes } from "./loans.routes.ts";
export { createLoansService, type LoansService, toLoanDto } from "./loans.service.ts";
