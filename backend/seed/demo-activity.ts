import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ChapterContent, type LearnerEvent, uuidv7, learnerStream, sessionStream } from '../../events';
import { CATEGORIES, type CategoryDocument } from '../../projections/organisation.projection';
import type { ProjectionRunner } from '../../projections/projection-runner';
import {
  SPEACHES,
  type ChapterNode,
  type SpeachDocument,
  readingOrder,
  type LearnerCommand,
  learnerDecider,
  takesAnswers,
  SpeachCommands,
  liveVersion,
  requiredBefore,
  type SpeachActor,
} from '../speach';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { EngagementCommands } from '../engagement';
import { sessionDecider } from '../identity';
import { Clock, ManualClock, SystemClock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import type { Decider } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { PROJECTION_RUNNER, READ_STORE } from '../infrastructure/tokens';
import { SiteSettings } from '../site';
import { seededRandom } from '../infrastructure/seeded-random';

const DAY = 86_400_000;
/** The four accounts of the quick start (see demo-seeder.ts). */
const QUICK_START = /^(admin|author|approver|reader)@example\.com$/;
export const HISTORY_DAYS = 730;

/** Moves a clock while seeding (`null` brings it back to the present). */
export function travelClock(clock: Clock, at: Date | null, present: Date): void {
  if (clock instanceof ManualClock) clock.set(at ?? present);
  else if (clock instanceof SystemClock) clock.travelTo(at);
}

/** Speaches written over the two years of history, oldest first. */
const HISTORY_TITLES = [
  'Expense reports in five minutes',
  'Code of conduct',
  'Fire evacuation drill',
  'Data protection essentials',
  'Giving feedback',
  'Negotiation basics',
  'Password hygiene',
  'Our product in ten slides',
  'Handling customer complaints',
  'Working at heights',
  'Anti-bribery policy',
  'Running effective meetings',
  'Cold calling that works',
  'Secure remote work',
  'Release notes explained',
  'First aid at the workplace',
  'Time management',
  'Export control basics',
  'Coaching your team',
  'Upselling without pushing',
  'Social engineering',
  'New pricing model',
  'Chemical handling',
  'Inclusive language',
  'Quarterly planning',
  'Demo like a pro',
  'Incident reporting',
  'Accessibility 101',
  'Sustainability at work',
  'Product roadmap review',
];

const COMMENTS = [
  'Very clear, thanks!',
  'The quiz helped a lot.',
  'Could we get a version in French?',
  'Short and useful.',
  'Great examples.',
  'I shared it with my team.',
];

/** Several learner commands decided in turn and appended together (one append per learner and day). */
const learnerBatch: Decider<ReturnType<typeof learnerDecider.initialState>, LearnerCommand[], LearnerEvent> = {
  initialState: learnerDecider.initialState,
  evolve: learnerDecider.evolve,
  decide(commands, state) {
    const out: LearnerEvent[] = [];
    let current = state;
    for (const command of commands) {
      const events = learnerDecider.decide(command, current);
      current = events.reduce(learnerDecider.evolve, current);
      out.push(...events);
    }
    return out;
  },
};

interface HistorySpeach {
  speachId: string;
  nodes: ChapterNode[];
  publishedAt: number | null;
  popularity: number;
  authorId: string;
}

/**
 * Two years of activity for the dashboard (issue #7 item 8), recorded through the real commands with
 * the clock moved back day by day: speaches created and published over time, sessions, reads,
 * quiz answers, ratings and comments, growing over the period and quieter on weekends.
 * A few thousand events, appended one batch per day.
 */
@Injectable()
export class DemoActivity {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    private readonly commands: CommandRunner,
    private readonly speaches: SpeachCommands,
    private readonly engagement: EngagementCommands,
    private readonly siteSettings: SiteSettings,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
  ) {}

  /** Moves the app's clock (only while seeding); `null` brings it back. */
  private travel(at: Date | null, present: Date): void {
    travelClock(this.clock, at, present);
  }

  async seed(): Promise<void> {
    const started = Date.now();
    const present = this.clock.now();
    try {
      await this.record(present);
    } finally {
      this.travel(null, present);
    }
    await this.readDemoSpeachesToday();
    this.logger.log(`Demo activity recorded in ${Date.now() - started} ms`);
  }

  private async record(present: Date): Promise<void> {
    const rand = seededRandom(42);
    await this.projections.catchUp(30_000);
    // The staff make the history; the quick-start accounts keep a clean slate (no reads, notifications or ratings of their own).
    const users = (await this.store.collection<UserDocument>(USERS).find({ active: true }))
      .filter((u) => !QUICK_START.test(u.email))
      .sort((a, b) => a.email.localeCompare(b.email));
    const authors = users.filter((u) => u.roles.includes('FORMATEUR'));
    const categories = (await this.store.collection<CategoryDocument>(CATEGORIES).find({})).map((c) => c._id);
    if (!authors.length || !users.length) return;
    const today = Date.UTC(present.getUTCFullYear(), present.getUTCMonth(), present.getUTCDate());
    const first = today - HISTORY_DAYS * DAY;
    const flags = await this.siteSettings.flags();

    // When each history speach is written and published (one in six stays a draft).
    const plan = HISTORY_TITLES.map((title, i) => {
      const createdDay = Math.floor(((i + rand() * 0.8) / HISTORY_TITLES.length) * (HISTORY_DAYS - 5));
      return { title, i, createdDay, publishDay: i % 6 === 5 ? null : Math.min(HISTORY_DAYS - 1, createdDay + 1 + Math.floor(rand() * 6)) };
    });
    const history: HistorySpeach[] = [];
    const actor = (user: UserDocument): SpeachActor => ({ id: user._id, isAdmin: user.roles.includes('ADMIN'), isAuthor: true, groupIds: [] });

    for (let day = 0; day < HISTORY_DAYS; day++) {
      const dayStart = first + day * DAY;
      for (const p of plan.filter((x) => x.createdDay === day)) {
        this.travel(new Date(dayStart + 9 * 3_600_000 + p.i * 60_000), present);
        history.push(await this.write(p.title, p.i, authors[p.i % authors.length], categories, actor));
      }
      for (const p of plan.filter((x) => x.publishDay === day)) {
        const speach = history[p.i];
        this.travel(new Date(dayStart + 10 * 3_600_000), present);
        const author = authors[p.i % authors.length];
        await this.speaches.run(actor(author), speach.speachId, [{ type: 'Publish', at: null, now: this.clock.now().toISOString() }]);
        speach.publishedAt = dayStart;
      }

      const readable = history.filter((s) => s.publishedAt !== null && s.publishedAt < dayStart);
      if (!readable.length) continue;
      const weekday = new Date(dayStart).getUTCDay();
      const level = (0.4 + (3 * day) / HISTORY_DAYS) * (weekday === 0 || weekday === 6 ? 0.25 : 1);
      // rand() first for everyone, so the sequence (and the demo) stays the same; nobody is active before they joined.
      const active = users.filter((u) => rand() < (level * 0.8) / users.length && Date.parse(u.createdAt) <= dayStart);
      if (!active.length) continue;
      this.travel(new Date(dayStart + 8 * 3_600_000 + Math.floor(rand() * 9 * 3_600_000)), present);
      const at = this.clock.now();
      const rated: [string, string, number][] = [];
      const commented: [string, string][] = [];
      await Promise.all(
        active.map(async (user) => {
          const sessionId = createHash('sha256').update(uuidv7()).digest('hex');
          await this.commands.run(
            sessionDecider,
            sessionStream(sessionId),
            { type: 'StartSession', sessionId, userId: user._id, expiresAt: new Date(at.getTime() + 12 * 3_600_000).toISOString() },
            { userId: user._id },
          );
          const batch: LearnerCommand[] = [];
          for (const speach of this.pick(readable, rand, 1 + (rand() < 0.3 ? 1 : 0))) {
            const chapters = Math.max(1, Math.ceil(rand() * speach.nodes.length));
            for (const node of speach.nodes.slice(0, chapters)) {
              const required = requiredBefore(speach.nodes, node.chapterId, false);
              if (node.content.type === 'QUIZZ') {
                const quiz = node.content;
                const answers = Object.fromEntries(
                  quiz.questions.map((q) => [q.questionId, [(rand() < 0.7 ? q.options.find((o) => o.correct) : q.options.find((o) => !o.correct))!.optionId]]),
                );
                batch.push({
                  type: 'AnswerChapter',
                  userId: user._id,
                  speachId: speach.speachId,
                  chapterId: node.chapterId,
                  content: quiz,
                  answers,
                  text: null,
                  requiredBefore: required,
                });
              } else {
                batch.push({
                  type: 'ReadChapter',
                  userId: user._id,
                  speachId: speach.speachId,
                  chapterId: node.chapterId,
                  version: 1,
                  requiredBefore: required,
                  takesAnswers: takesAnswers(node.content),
                });
              }
            }
            if (speach.authorId !== user._id && rand() < 0.12) rated.push([user._id, speach.speachId, rand() < 0.6 ? 5 : rand() < 0.7 ? 4 : 3]);
            if (flags.commentsEnabled && speach.authorId !== user._id && rand() < 0.05) commented.push([user._id, speach.speachId]);
          }
          if (batch.length) await this.commands.run(learnerBatch, learnerStream(user._id), batch, { userId: user._id });
        }),
      );
      const texts = commented.map(() => COMMENTS[Math.floor(rand() * COMMENTS.length)]);
      await Promise.all([
        ...rated.map(([userId, speachId, rating]) => this.engagement.rate(userId, speachId, rating)),
        ...commented.map(([userId, speachId], i) => this.engagement.comment(userId, speachId, texts[i])),
      ]);
    }
    await this.projections.catchUp(30_000);
  }

  /** A few speaches, the popular ones more often. */
  private pick(speaches: HistorySpeach[], rand: () => number, count: number): HistorySpeach[] {
    const total = speaches.reduce((n, s) => n + s.popularity, 0);
    const out = new Set<HistorySpeach>();
    for (let i = 0; i < count; i++) {
      let r = rand() * total;
      for (const s of speaches) {
        r -= s.popularity;
        if (r <= 0) {
          out.add(s);
          break;
        }
      }
    }
    return [...out];
  }

  private async write(
    title: string,
    index: number,
    author: UserDocument,
    categories: string[],
    actor: (u: UserDocument) => SpeachActor,
  ): Promise<HistorySpeach> {
    const speachId = uuidv7();
    const nodes: ChapterNode[] = [
      {
        chapterId: uuidv7(),
        parentId: null,
        title: 'Why it matters',
        content: { type: 'HTML', html: `<p>${title}: what is at stake and who it concerns.</p>` },
      },
      { chapterId: uuidv7(), parentId: null, title: 'How to do it', content: { type: 'HTML', html: '<p>The steps, with an example from our teams.</p>' } },
      {
        chapterId: uuidv7(),
        parentId: null,
        title: 'Common mistakes',
        content: { type: 'HTML', html: '<p>What goes wrong most often, and how to avoid it.</p>' },
      },
      {
        chapterId: uuidv7(),
        parentId: null,
        title: 'Check your knowledge',
        content: {
          type: 'QUIZZ',
          passingScore: 50,
          questions: [
            {
              questionId: uuidv7(),
              text: `What is the first step of "${title}"?`,
              multiple: false,
              points: 1,
              options: [
                { optionId: 'a', text: 'Read the guidance', correct: true },
                { optionId: 'b', text: 'Skip it', correct: false },
              ],
            },
          ],
        } satisfies ChapterContent,
      },
    ];
    const commands: Parameters<SpeachCommands['run']>[2] = [
      {
        type: 'CreateSpeach',
        title,
        description: `A short course: ${title.toLowerCase()}.`,
        language: 'en-US',
        categoryId: categories[index % categories.length] ?? null,
        isTemplate: false,
        templateId: null,
        duplicatedFrom: null,
        chapters: [],
      },
    ];
    for (const node of nodes) {
      commands.push({ type: 'AddChapter', chapterId: node.chapterId, parentId: null, title: node.title });
      commands.push({ type: 'SetChapterContent', chapterId: node.chapterId, content: node.content });
    }
    await this.speaches.run(actor(author), speachId, commands);
    const rand = seededRandom(index + 7);
    return { speachId, nodes, publishedAt: null, popularity: 0.15 + rand() * rand(), authorId: author._id };
  }

  /** Today, a few learners open the demo speaches of the quick start (and answer their quizzes), so their analytics pages show something. */
  private async readDemoSpeachesToday(): Promise<void> {
    const rand = seededRandom(7);
    const now = this.clock.now().toISOString();
    const users = await this.store.collection<UserDocument>(USERS).find({ active: true });
    const quickStart = new Set(users.filter((u) => QUICK_START.test(u.email)).map((u) => u._id));
    // The quick start's own speaches (written by author@ and admin@), not the history's.
    const speaches = (
      await this.store.collection<SpeachDocument>(SPEACHES).find({ published: true, archived: false, isTemplate: false, visibility: 'PUBLIC' })
    ).filter((s) => quickStart.has(s.authorId) && liveVersion(s, now));
    const learners = users.filter((u) => !u.roles.includes('FORMATEUR') && !quickStart.has(u._id));
    await Promise.all(
      learners.slice(0, 8).map(async (user) => {
        const batch: LearnerCommand[] = [];
        for (const speach of speaches.filter(() => rand() < 0.4)) {
          const nodes = readingOrder(speach.draft);
          for (const node of nodes) {
            if (node.content.type === 'QUIZZ') {
              const quiz = node.content;
              const answers = Object.fromEntries(
                quiz.questions.map((q) => [q.questionId, [(rand() < 0.7 ? q.options.find((o) => o.correct) : q.options.find((o) => !o.correct))!.optionId]]),
              );
              batch.push({
                type: 'AnswerChapter',
                userId: user._id,
                speachId: speach._id,
                chapterId: node.chapterId,
                content: quiz,
                answers,
                text: null,
                requiredBefore: requiredBefore(nodes, node.chapterId, speach.lockedSubchapters),
              });
            } else if (node.content.type !== 'NONE') {
              batch.push({
                type: 'ReadChapter',
                userId: user._id,
                speachId: speach._id,
                chapterId: node.chapterId,
                version: speach.publishedVersion,
                requiredBefore: requiredBefore(nodes, node.chapterId, speach.lockedSubchapters),
                takesAnswers: takesAnswers(node.content),
              });
            }
          }
        }
        if (batch.length) await this.commands.run(learnerBatch, learnerStream(user._id), batch, { userId: user._id });
      }),
    );
    await this.projections.catchUp(30_000);
  }
}
