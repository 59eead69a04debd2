/** The identity context's public face: the only module other contexts, the seed and the app module import. */
/** Who acts: the one type of a request's user, resolved once per request by the guard. */
export { restList } from './organisation/rest-list';
export { userDecider, normaliseEmail } from './user.decider';
export { sessionDecider } from './session.decider';
export { PasswordHasher } from './auth/password-hasher';
export { passwordLinkDecider } from './password-link/password-link.decider';
export { linkToken, tokenHash } from './password-link/set-password-token';
export { OrganisationService } from './organisation/organisation.service';
export { TermsService } from './terms/terms.service';
export { userTextFilter } from './admin/admin-users.filter';
export { UserRegistrationService } from './user-registration.service';
export { IdentityModule } from './identity.module';
