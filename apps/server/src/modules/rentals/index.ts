/** Public entry of the rentals area (alquileres: publications and the 'alquiler' process of bookings). */
export { rentalsRoutes } from "./rentals.routes.ts";
export {
  createRentalsService,
  type RentalsService,
  rentalStatus,
  toBookingDto,
  toRentalDto,
} from "./rentals.service.ts";
