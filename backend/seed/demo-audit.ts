import type { ProjectionRunner } from '../../projections/projection-runner';
import type { TermsService, UserRegistrationService } from '../identity';

export const DEMO_AUDITOR = { email: 'auditor@example.com', firstName: 'Inès', lastName: 'Roux', roles: ['AUDITOR' as const] };

/** The demo auditor (issue #6): opens the back office's audit screens only; terms already accepted. */
export async function seedDemoAudit(
  registration: UserRegistrationService,
  terms: TermsService,
  projections: ProjectionRunner,
  password: string,
): Promise<void> {
  const { userId } = await registration.register({ ...DEMO_AUDITOR, password, source: 'seed' });
  await projections.catchUp(30_000);
  await terms.accept(userId, 'GCU');
  await terms.accept(userId, 'PDP');
}
