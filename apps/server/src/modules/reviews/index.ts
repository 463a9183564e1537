/**
 * Public entry of the reviews area (issue 19 part 1): the 'resena' process (a round opened when a
 * deal between two people completes), its calls, and the public profile of a person.
 */
export { reviewsRoutes } from "./reviews.routes.ts";
export { createReviewsService, type ReviewsService } from "./reviews.service.ts";
