import {
  type ChapterContent,
  type HashedChapter,
  type ReviewFrequency,
  type SignatureMeaning,
  type SignatureRecord,
  type WorkflowStep,
  speachContentHash,
  uuidv7,
  userStream,
} from '../../events';
import { userDecider } from '../identity';
import type { CommandRunner } from '../infrastructure/decider/command-runner';
import { type SpeachCommands, speachStream, speachDecider } from '../speach';
import {
  addMonths,
  periodicReviewDecider,
  type FinalChoices,
  type WorkflowActor,
  workflowDecider,
  workflowDefinitionDecider,
  definitionStream,
  periodicReviewStream,
  workflowStream,
} from '../workflow';
import { DEMO_GROUPS } from './demo-organisation';

const html = (body: string): ChapterContent => ({ type: 'HTML', html: body });

/** Group indexes (DEMO_GROUPS) of the default definition: quality first, then human resources. */
const STEP_GROUPS = [3, 4];
/** DEMO_CATEGORIES index of "Compliance". */
const COMPLIANCE = 3;

export interface DemoWorkflowPeople {
  admin: string;
  author: string;
  /** approver@example.com: made a member of step 1's group. */
  approver: string;
  /** A member of step 2's group (emma.bernard0@example.com). */
  stepTwoApprover: string;
  /** Another APPROVER-role user (lucas.weber1@example.com), named in the anonymous workflow. */
  otherApprover: string;
}

/**
 * The validation workflow of the demo organisation (issue #6 item 9): a default two-step definition,
 * speaches awaiting the demo approver, one rejected with a comment, one in an anonymous workflow, and
 * published speaches whose periodic review falls inside the warning window. Everything goes through
 * the deciders, so the audit trail of the demo is real.
 */
export async function seedDemoWorkflow(
  commands: CommandRunner,
  speaches: SpeachCommands,
  people: DemoWorkflowPeople,
  groups: string[],
  categories: string[],
  now: Date,
): Promise<void> {
  const iso = now.toISOString();
  const [stepOneGroup, stepTwoGroup] = STEP_GROUPS.map((i) => groups[i]);
  await commands.run(userDecider, userStream(people.approver), {
    type: 'ChangeGroups',
    userId: people.approver,
    groupIds: [stepOneGroup],
    knownGroupIds: groups,
  });
  // Group membership alone approves nothing (spec §6): step 2's approver holds the role too.
  await commands.run(userDecider, userStream(people.stepTwoApprover), {
    type: 'ChangeRoles',
    userId: people.stepTwoApprover,
    roles: ['FORMATEUR', 'APPROVER'],
    workflowEnabled: true,
    aiLicenceAvailable: true,
  });

  const definitionId = uuidv7();
  await commands.run(
    workflowDefinitionDecider,
    definitionStream(definitionId),
    {
      type: 'CreateDefinition',
      definitionId,
      isAdmin: true,
      name: 'Quality then HR',
      steps: [{ groupId: stepOneGroup }, { groupId: stepTwoGroup }],
      isDefault: true,
      // Compliance speaches (GMP procedures) must be validated before publication.
      categoryIds: [categories[COMPLIANCE]],
      knownGroupIds: groups,
      knownCategoryIds: categories,
    },
    { userId: people.admin },
  );
  const definitionSteps: WorkflowStep[] = STEP_GROUPS.map((g, index) => ({
    order: index + 1,
    groupId: groups[g],
    groupName: DEMO_GROUPS[g].name,
    userId: null,
    userName: null,
    role: null,
  }));

  const authorActor = { id: people.author, isAdmin: false, isAuthor: true, groupIds: [] };
  const contentHashes = new Map<string, string>();
  const speach = async (title: string, description: string, category: number, chapters: [string, string][]) => {
    const speachId = uuidv7();
    const hashed: HashedChapter[] = [];
    const cmds: Parameters<SpeachCommands['run']>[2] = [
      {
        type: 'CreateSpeach',
        title,
        description,
        language: 'en-US',
        categoryId: categories[category] ?? null,
        isTemplate: false,
        templateId: null,
        duplicatedFrom: null,
        chapters: [],
      },
    ];
    for (const [chapterTitle, body] of chapters) {
      const chapterId = uuidv7();
      cmds.push({ type: 'AddChapter', chapterId, parentId: null, title: chapterTitle }, { type: 'SetChapterContent', chapterId, content: html(body) });
      hashed.push({ chapterId, parentId: null, title: chapterTitle, content: html(body) });
    }
    await speaches.run(authorActor, speachId, cmds);
    contentHashes.set(speachId, speachContentHash(title, hashed));
    return speachId;
  };
  const actor = (id: string, groupIds: string[] = []): WorkflowActor => ({
    id,
    isAdmin: false,
    isAuthor: id === people.author,
    isApprover: id !== people.author,
    groupIds,
  });
  const submit = async (
    speachId: string,
    options: { steps?: WorkflowStep[]; anonymous?: boolean; regulatedGmp?: boolean; scheduledAt?: string | null } = {},
  ) => {
    const workflowId = uuidv7();
    await commands.run(
      workflowDecider,
      workflowStream(workflowId),
      {
        type: 'Submit',
        workflowId,
        actor: actor(people.author),
        now: iso,
        speachId,
        speach: await commands.state(speachDecider, speachStream(speachId)),
        openWorkflowId: null,
        name: options.anonymous ? 'Anonymous workflow' : 'Quality then HR',
        anonymous: options.anonymous === true,
        definitionId: options.anonymous ? null : definitionId,
        definitionVersion: options.anonymous ? null : 1,
        steps: options.steps ?? definitionSteps,
        regulatedGmp: options.regulatedGmp === true,
        scheduledAt: options.scheduledAt ?? null,
      },
      { userId: people.author },
    );
    return workflowId;
  };
  /**
   * The demo's regulated decisions are signed by the seed on behalf of the demo approvers (whose
   * passwords are the documented demo ones); the reason says so, so nobody mistakes them for real ones.
   */
  const seededSignature = (speachId: string, signerId: string, meaning: SignatureMeaning): SignatureRecord => ({
    signatureId: uuidv7(),
    signerId,
    meaning,
    reason: 'Demo data: signed by the seed',
    signedAt: iso,
    timeZone: 'UTC',
    contentHash: contentHashes.get(speachId)!,
    version: 1,
  });
  const validate = (workflowId: string, by: WorkflowActor, final: FinalChoices = {}, signFor: string | null = null) =>
    commands.run(
      workflowDecider,
      workflowStream(workflowId),
      {
        type: 'Validate',
        workflowId,
        actor: by,
        now: iso,
        final,
        periodicReviewEnabled: true,
        signature: signFor ? seededSignature(signFor, by.id, 'approved') : null,
      },
      { userId: by.id },
    );

  // Awaiting the demo approver (step 1).
  const audit = await speach('Supplier audit checklist', 'What to check before approving a new supplier.', 3, [
    ['Before the visit', '<p>Collect the <strong>certificates</strong> and the last audit report.</p>'],
    ['On site', '<ul><li>Storage conditions</li><li>Traceability</li><li>Training records</li></ul>'],
  ]);
  await submit(audit);
  const gowning = await speach('Cleanroom gowning procedure', 'Step-by-step gowning for grade B areas (GMP).', 3, [
    ['Gowning order', '<ol><li>Hair cover</li><li>Mask</li><li>Coverall</li><li>Boots</li><li>Gloves</li></ol>'],
  ]);
  await submit(gowning, { regulatedGmp: true, scheduledAt: new Date(now.getTime() + 10 * 86_400_000).toISOString() });

  // Step 1 validated, awaiting step 2: shows a validated node on the graph.
  const onboarding = await speach('Manager onboarding checklist', 'Everything a new manager sets up in the first month.', 5, [
    ['Week one', '<p>Meet each team member one to one.</p>'],
  ]);
  await validate(await submit(onboarding), actor(people.approver, [stepOneGroup]));

  // Rejected by the demo approver with a comment.
  const expenses = await speach('Expense policy 2027', 'What you may claim and how.', 3, [['Claims', '<p>Submit receipts within 30 days.</p>']]);
  const rejectedId = await submit(expenses);
  await commands.run(
    workflowDecider,
    workflowStream(rejectedId),
    {
      type: 'Reject',
      workflowId: rejectedId,
      actor: actor(people.approver, [stepOneGroup]),
      now: iso,
      comment: 'The per-diem amounts are from 2025: please update the table before resubmitting.',
      signature: null,
    },
    { userId: people.approver },
  );

  // Anonymous workflow: the author's ordered list of approvers with their roles.
  const escalation = await speach('Customer escalation playbook', 'Who to call, and when, when a customer escalates.', 4, [
    ['Levels', '<p>Level 1: account manager. Level 2: head of support.</p>'],
  ]);
  await submit(escalation, {
    anonymous: true,
    steps: [
      { order: 1, groupId: null, groupName: null, userId: people.approver, userName: 'Chloé Schmidt', role: 'Quality reviewer' },
      { order: 2, groupId: null, groupName: null, userId: people.otherApprover, userName: 'Lucas Weber', role: 'Support lead' },
    ],
  });

  // Published through the workflow, with periodic reviews falling inside the warning window.
  const reviewed: [string, string, ReviewFrequency, number][] = [
    ['Hand hygiene in production', '<p>Wash, dry, disinfect: the 6 moments.</p>', 'TWO_YEARS', -20],
    ['Deviation reporting', '<p>Report any deviation within 24 hours.</p>', 'ONE_YEAR', -13],
  ];
  const admin = { id: people.admin, isAdmin: true, isAuthor: true, groupIds: [] };
  for (const [title, body, frequency, monthsAgo] of reviewed) {
    const speachId = await speach(title, 'A GMP procedure under periodic review.', 3, [['Procedure', body]]);
    const workflowId = await submit(speachId, { regulatedGmp: true });
    await validate(workflowId, actor(people.approver, [stepOneGroup]), {}, speachId);
    await validate(workflowId, actor(people.stepTwoApprover, [stepTwoGroup]), { periodicReview: 'ON', frequency, delay: 'IMMEDIATELY' }, speachId);
    // The publish-on-validation policy publishes and schedules the review; this command's wait for
    // read-your-writes lets it finish first, so the back-dated schedule below comes after.
    await speaches.run(admin, speachId, [{ type: 'AssignPeriodicReviewers', userIds: [people.approver], groupIds: [stepOneGroup] }]);
    // Published long ago in the story of the demo: the next review is near (or overdue).
    await commands.run(
      periodicReviewDecider,
      periodicReviewStream(speachId),
      { type: 'Schedule', speachId, frequency, from: addMonths(iso, monthsAgo), workflowId },
      { userId: people.stepTwoApprover },
    );
  }
}
