/** Reviews (issue 19): the public profile of a person and the reviews I can still write. */
export { PendingReviewsPage } from "./PendingReviewsPage.tsx";
export { PublicProfilePage } from "./PublicProfilePage.tsx";
