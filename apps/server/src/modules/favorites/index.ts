/** Public entry of the favorites area (issue 20): a person's favourite assets. */
export { favoritesRoutes } from "./favorites.routes.ts";
export { createFavoritesService, type FavoritesService } from "./favorites.service.ts";
