import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Role, SYSTEM_USER_ID, uuidv7, userStream } from '../../events';
import type { ProjectionRunner } from '../../projections/projection-runner';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OrganisationService, TermsService, UserRegistrationService, userDecider } from '../identity';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { requestContext } from '../infrastructure/http/request-context';
import { SpeachCommands, SpeachQueries } from '../speach';
import { Clock } from '../infrastructure/clock/clock';
import { DemoActivity, HISTORY_DAYS, travelClock } from './demo-activity';
import { seedDemoAudit } from './demo-audit';
import { seedDemoEngagement } from './demo-engagement';
import { EngagementCommands } from '../engagement';
import { seedDemoSpeaches } from './demo-speaches';
import { seedDemoWorkflow } from './demo-workflow';
import { seedDemoLearnerHome } from './demo-learner-home';
import { seedDemoPaths } from './demo-paths';
import { seedDemoSite } from './demo-site';
import { DEMO_CATEGORIES, DEMO_CUSTOM_FIELDS, DEMO_GROUPS, DEMO_TERMS } from './demo-organisation';
import type { EventStore } from '../infrastructure/event-store/event-store.port';
import { EVENT_STORE, PROJECTION_RUNNER, READ_STORE } from '../infrastructure/tokens';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';

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
    const ascii = `${firstName}.${lastName}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    staff.push({ email: `${ascii}${i}@example.com`, firstName, lastName, roles });
  }
  return staff;
}

/**
 * Seeds the demo organisation through the real commands (events, projections and all) on the
 * first start with an empty store. `SEED=none` turns it off.
 */
/** Ids of what the organisation's set-up made, in the order of the demo lists. */
interface DemoOrganisation {
  ids: string[];
  categories: string[];
  groups: string[];
}

@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    private readonly registration: UserRegistrationService,
    private readonly organisation: OrganisationService,
    private readonly terms: TermsService,
    private readonly commands: CommandRunner,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly speaches: SpeachCommands,
    private readonly clock: Clock,
    private readonly engagement: EngagementCommands,
    private readonly speachQueries: SpeachQueries,
    private readonly activity: DemoActivity,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async seedIfEmpty(): Promise<boolean> {
    if (this.config.seed === 'none' || (await this.events.headPosition()) > 0) return false;
    // One context for the whole seed: one correlation id, and reads wait for the seed's own writes. The
    // installation itself sets up the organisation and its first administrator (the system, named as such).
    await requestContext.run({ userId: SYSTEM_USER_ID, correlationId: uuidv7(), lastAppendedPosition: 0 }, () => this.seed());
    this.logger.log(`Demo organisation seeded. Log in as ${DEMO_ACCOUNTS.map((u) => u.email).join(', ')} with password "${this.config.demoPassword}"`);
    return true;
  }

  private async seed(): Promise<void> {
    const password = this.config.demoPassword;
    const context = requestContext.current()!;
    const present = this.clock.now();
    // The organisation and its people exist before the demo's two years of history: a user's "Created"
    // comes before the sessions the history gives them ("Last active").
    travelClock(this.clock, new Date(present.getTime() - (HISTORY_DAYS + 30) * 86_400_000), present);
    let organisation: DemoOrganisation;
    try {
      organisation = await this.seedOrganisation(password, context);
    } finally {
      travelClock(this.clock, null, present);
    }
    await this.seedContent(password, organisation);
  }

  private async seedOrganisation(password: string, context: NonNullable<ReturnType<typeof requestContext.current>>): Promise<DemoOrganisation> {
    const categories: string[] = [];
    for (const name of DEMO_CATEGORIES) categories.push((await this.organisation.createCategory({ name })).id);
    const groups: string[] = [];
    for (const [index, group] of DEMO_GROUPS.entries()) {
      const categoryIds = group.categories.map((c) => categories[c]);
      groups.push((await this.organisation.createGroup({ name: group.name, description: group.description, order: index, categoryIds })).id);
    }
    for (const field of DEMO_CUSTOM_FIELDS) await this.organisation.createCustomField(field);
    await this.terms.publish('GCU', DEMO_TERMS.GCU);
    await this.terms.publish('PDP', DEMO_TERMS.PDP);
    await this.projections.catchUp(30_000);

    const staff = demoStaff();
    const ids: string[] = [];
    for (const [index, user] of [...DEMO_ACCOUNTS, ...staff].entries()) {
      const { userId } = await this.registration.register({ ...user, password, source: 'seed' });
      ids.push(userId);
      // Every later event of the demo names who did it: this administrator, unless a user acts for themself.
      if (index === 0) context.userId = userId;
      // The quick-start accounts have accepted the terms; the staff will see the overlays.
      if (index < DEMO_ACCOUNTS.length) {
        await this.projections.catchUp(30_000);
        await this.terms.accept(userId, 'GCU');
        await this.terms.accept(userId, 'PDP');
      }
      // Every third staff member stays without a group, to give the "no group" filter something to find.
      if (index % 3 !== 2) {
        await this.commands.run(userDecider, userStream(userId), {
          type: 'ChangeGroups',
          userId,
          groupIds: [groups[index % groups.length], ...(index % 4 === 0 ? [groups[(index + 2) % groups.length]] : [])],
          knownGroupIds: groups,
        });
      }
    }
    await this.projections.catchUp(30_000);
    return { ids, categories, groups };
  }

  private async seedContent(password: string, { ids, categories, groups }: DemoOrganisation): Promise<void> {
    const actor = (id: string, isAdmin: boolean) => ({ id, isAdmin, isAuthor: true, groupIds: [] });
    await seedDemoSpeaches(this.speaches, actor(ids[1], false), actor(ids[0], true), categories, groups, this.clock.now());
    await seedDemoSite(this.commands, this.config);
    await seedDemoAudit(this.registration, this.terms, this.projections, password);
    await this.projections.catchUp(30_000);
    await seedDemoEngagement(this.engagement, this.speachQueries, this.commands, ids);
    await this.activity.seed();
    await seedDemoLearnerHome(this.speaches, actor(ids[1], false), ids[3], this.clock.now());
    await seedDemoWorkflow(
      this.commands,
      this.speaches,
      { admin: ids[0], author: ids[1], approver: ids[2], stepTwoApprover: ids[4], otherApprover: ids[5] },
      groups,
      categories,
      this.clock.now(),
    );
    await this.projections.catchUp(30_000);
    // The reader (index 3) belongs to groups[3].
    await seedDemoPaths(this.commands, this.readStore, ids[1], ids[3], groups[3 % groups.length], this.clock.now());
    await this.projections.catchUp(30_000);
  }
}
