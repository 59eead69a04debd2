/** The identity context's public face: the only module other contexts, the seed and the app module import. */
export { type AuthenticatedUser } from './auth/authenticated-user';
export { CurrentUser, Roles, Public } from './auth/auth.decorators';
export { restList } from './organisation/rest-list';
export { userDecider, normaliseEmail } from './user.decider';
export { sessionDecider } from './session.decider';
export { PasswordHasher } from './auth/password-hasher';
export { OrganisationService } from './organisation/organisation.service';
export { TermsService } from './terms/terms.service';
export { UserRegistrationService } from './user-registration.service';
export { IdentityModule } from './identity.module';
