import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Role } from '../../events';
import type { ProjectionRunner } from '../../projections/projection-runner';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { UserRegistrationService } from '../identity/user-registration.service';
import type { EventStore } from '../infrastructure/event-store/event-store.port';
import { EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/tokens';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
}

/** The four accounts of the quick start, then a staff that makes lists and pickers worth looking at. */
export const DEMO_ACCOUNTS: DemoUser[] = [
  { email: 'admin@example.com', firstName: 'Alice', lastName: 'Martin', roles: ['ADMIN', 'FORMATEUR'] },
  { email: 'author@example.com', firstName: 'Bruno', lastName: 'Garcia', roles: ['FORMATEUR', 'AI_EDITOR'] },
  { email: 'approver@example.com', firstName: 'Chloé', lastName: 'Schmidt', roles: ['APPROVER'] },
  { email: 'reader@example.com', firstName: 'David', lastName: 'Dupont', roles: [] },
];

const FIRST_NAMES = ['Emma', 'Lucas', 'Sofía', 'Jonas', 'Léa', 'Mateo', 'Hannah', 'Hugo', 'Lucía', 'Felix', 'Inès', 'Pablo', 'Mia', 'Noah', 'Clara', 'Elias'];
const LAST_NAMES = ['Bernard', 'Fernández', 'Müller', 'Petit', 'López', 'Weber', 'Moreau', 'Sánchez', 'Fischer', 'Laurent', 'Romero', 'Wagner'];

export function demoStaff(): DemoUser[] {
  const staff: DemoUser[] = [];
  for (let i = 0; i < 24; i++) {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length];
    const lastName = LAST_NAMES[(i * 5) % LAST_NAMES.length];
    const roles: Role[] = i % 6 === 0 ? ['FORMATEUR'] : i % 8 === 1 ? ['APPROVER'] : [];
    const ascii = `${firstName}.${lastName}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    staff.push({ email: `${ascii}${i}@example.com`, firstName, lastName, roles });
  }
  return staff;
}

/**
 * Seeds the demo organisation through the real commands (events, projections and all) on the
 * first start with an empty store. `SEED=none` turns it off.
 */
@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    private readonly registration: UserRegistrationService,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async seedIfEmpty(): Promise<boolean> {
    if (this.config.seed === 'none' || (await this.events.headPosition()) > 0) return false;
    const password = this.config.demoPassword;
    for (const user of [...DEMO_ACCOUNTS, ...demoStaff()]) {
      await this.registration.register({ ...user, password, source: 'seed' });
    }
    await this.projections.catchUp(30_000);
    this.logger.log(`Demo organisation seeded. Log in as ${DEMO_ACCOUNTS.map((u) => u.email).join(', ')} with password "${password}"`);
    return true;
  }
}
