/** Public entry of the donations area (donaciones and regalos: the 'donacion' process and its calls). */
export { donationsRoutes } from "./donations.routes.ts";
export { createDonationsService, type DonationsService, toDonationDto } from "./donations.service.ts";
