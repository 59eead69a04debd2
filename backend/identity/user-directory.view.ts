/**
 * What the user directory answers (spec §3 "User search result", the pickers, the profile page). A view module: it
 * imports only other view modules (docs/web-shared-and-data-layer.md).
 */

/** One active user, as the search, the carousels and the author/approver pickers show them. */
export interface UserSearchResult {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  img: string | null;
}

/** `GET /api/v2/users`. */
export interface UserSearchPage {
  totalNumberOfUsersFound: number;
  results: UserSearchResult[];
}

/** `GET /api/v2/users/{id}/profile`: what colleagues may see of a user. */
export interface UserProfileView extends UserSearchResult {
  author: boolean;
  approver: boolean;
  groups: { id: string; name: string }[];
  memberSince: string;
}
