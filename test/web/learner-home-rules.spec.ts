import { accountAddress, selectedTab, visibleTabs } from '../../web/learner/src/account/account-tabs';
import {
  authorAvatars,
  canShareCard,
  cardTags,
  cardTarget,
  editTarget,
  menuActions,
  truncateTitle,
  type CardFacts,
} from '../../web/learner/src/cards/card-rules';
import { type GetStartedCounts, type GetStartedUser, getStartedCards, showGetStarted } from '../../web/learner/src/home/get-started';
import {
  debounce,
  effectiveSort,
  searchAddress,
  shouldLoadMoreUsers,
  sortAfterTermChange,
  usersPerView,
  usersRequest,
} from '../../web/learner/src/search/search-rules';

const reader: GetStartedUser = {
  isAdmin: false,
  isAuthor: false,
  isApprover: false,
  isAiEditor: false,
  dismissed: [],
  workflowEnabled: true,
  periodicReviewEnabled: true,
  aiLicenseAvailable: true,
};
const none: GetStartedCounts = { toValidate: 0, awaiting: 0, unread: 0, periodicReviews: 0, toReview: 0 };

describe('get-started block (spec §2, §9)', () => {
  it('shows unread above 9, periodic reviews above 1 and to review above 1, not at the threshold', () => {
    const approver = { ...reader, isApprover: true };
    expect(getStartedCards(approver, { ...none, unread: 9, periodicReviews: 1, toReview: 1 })).toEqual([]);
    expect(getStartedCards(approver, { ...none, unread: 10, periodicReviews: 2, toReview: 2 })).toEqual(['UNREAD', 'PERIODIC_REVIEWS', 'TO_REVIEW']);
  });
  it('shows validate and awaiting from 1, for approvers and authors with the workflow on', () => {
    const both = { ...reader, isApprover: true, isAuthor: true };
    expect(getStartedCards(both, { ...none, toValidate: 1, awaiting: 1 })).toEqual(['VALIDATE', 'AWAITING', 'CREATE_SPEACH']);
    expect(getStartedCards({ ...both, workflowEnabled: false }, { ...none, toValidate: 3, awaiting: 3 })).toEqual(['CREATE_SPEACH']);
  });
  it('hides a card whose count failed to load (null)', () => {
    expect(getStartedCards({ ...reader, isApprover: true }, { toValidate: null, awaiting: null, unread: null, periodicReviews: null, toReview: null })).toEqual(
      [],
    );
  });
  it('offers import users to admins until dismissed, AI generation to AI editors with a licence', () => {
    expect(getStartedCards({ ...reader, isAdmin: true }, none)).toEqual(['IMPORT_USERS']);
    expect(getStartedCards({ ...reader, isAdmin: true, dismissed: ['USER'] }, none)).toEqual([]);
    expect(getStartedCards({ ...reader, isAuthor: true, isAiEditor: true }, none)).toEqual(['AI_GENERATION', 'CREATE_SPEACH']);
    expect(getStartedCards({ ...reader, isAuthor: true, isAiEditor: true, aiLicenseAvailable: false }, none)).toEqual(['CREATE_SPEACH']);
  });
  it('shows the block only for create speach, import users, or a validate/awaiting/unread count above 0', () => {
    expect(showGetStarted(['CREATE_SPEACH'], none)).toBe(true);
    expect(showGetStarted(['IMPORT_USERS'], none)).toBe(true);
    // Periodic reviews and to-review alone do not open the block.
    expect(showGetStarted(['PERIODIC_REVIEWS', 'TO_REVIEW'], { ...none, periodicReviews: 5, toReview: 5 })).toBe(false);
    expect(showGetStarted(['PERIODIC_REVIEWS'], { ...none, periodicReviews: 5, unread: 1 })).toBe(true);
    expect(showGetStarted(['VALIDATE'], { ...none, toValidate: 1 })).toBe(true);
    expect(showGetStarted([], { ...none, unread: 3 })).toBe(false);
  });
});

describe('search rules (spec §4, §5, §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('debounces by 500 ms: only the last term is sent', () => {
    const sent: string[] = [];
    const send = debounce((term: string) => sent.push(term), 500);
    send('p');
    jest.advanceTimersByTime(300);
    send('ph');
    jest.advanceTimersByTime(499);
    expect(sent).toEqual([]);
    send('phi');
    jest.advanceTimersByTime(500);
    expect(sent).toEqual(['phi']);
    send('x');
    send.cancel();
    jest.advanceTimersByTime(1000);
    expect(sent).toEqual(['phi']);
    send('now');
    send.flush();
    expect(sent).toEqual(['phi', 'now']);
  });
  it('puts the term in the address, and / once cleared', () => {
    expect(searchAddress('phishing mail')).toBe('/?searchTerm=phishing%20mail');
    expect(searchAddress('a&b=c')).toBe('/?searchTerm=a%26b%3Dc');
    expect(searchAddress('   ')).toBe('/');
  });
  it('sorts RECENT without a term, and an empty term resets the chosen sort to relevance', () => {
    expect(effectiveSort('', 'TITRE')).toBe('RECENT');
    expect(effectiveSort('x', 'TITRE')).toBe('TITRE');
    expect(sortAfterTermChange('', 'TITRE')).toBe('RELEVANT');
    expect(sortAfterTermChange('y', 'TITRE')).toBe('TITRE');
  });
  it('users carousel: 1, 2, 3, 4 items at 0, 607, 897, 1188 px', () => {
    expect([0, 606, 607, 896, 897, 1187, 1188, 2000].map(usersPerView)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });
  it('users carousel: 8 loaded first, then pages of 4 once past loaded minus 4, while more exist', () => {
    expect(usersRequest(0)).toEqual({ page: 0, count: 8 });
    expect(usersRequest(8)).toEqual({ page: 2, count: 4 });
    expect(usersRequest(12)).toEqual({ page: 3, count: 4 });
    expect(shouldLoadMoreUsers(3, 8, 20)).toBe(false);
    expect(shouldLoadMoreUsers(4, 8, 20)).toBe(true);
    expect(shouldLoadMoreUsers(4, 8, 8)).toBe(false);
  });
});

describe('speach card rules (spec §3, §4, §6, §9)', () => {
  const person = (id: string) => ({ id, firstName: id, lastName: 'X', img: null });
  const base: CardFacts = {
    id: 'c1',
    title: 'Title',
    state: 'PUBLIE',
    publication: true,
    isTemplate: false,
    canEdit: false,
    canShare: true,
    canApprove: false,
    delayed_till: null,
    delayedTillTimestamp: null,
    futureVersionDelayedTillTimestamp: null,
  };
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('cuts titles over 60 characters to 60 plus an ellipsis', () => {
    expect(truncateTitle('a'.repeat(60))).toEqual({ text: 'a'.repeat(60), truncated: false });
    expect(truncateTitle('b'.repeat(61))).toEqual({ text: `${'b'.repeat(60)}…`, truncated: true });
  });
  it('shows at most 3 avatars, the rest as +N, co-editor groups merged into one', () => {
    const info = (co: number, groups: number) => ({
      author: person('a'),
      coEditors: Array.from({ length: co }, (_, i) => person(`c${i}`)),
      coEditorGroups: Array.from({ length: groups }, (_, i) => ({ id: `g${i}`, name: `G${i}` })),
    });
    expect(authorAvatars(info(2, 0)).map((i) => i.kind)).toEqual(['person', 'person', 'person']);
    expect(authorAvatars(info(1, 3))).toEqual([
      { kind: 'person', person: person('a') },
      { kind: 'person', person: person('c0') },
      { kind: 'groups', names: ['G0', 'G1', 'G2'] },
    ]);
    expect(authorAvatars(info(4, 2)).slice(2)).toEqual([{ kind: 'more', count: 4 }]);
    expect(authorAvatars(info(3, 0))[2]).toEqual({ kind: 'more', count: 2 });
  });
  it('tags unpublished, delayed with its date, and workflow states (others as rejected)', () => {
    expect(cardTags({ ...base, state: 'NON_PUBLIE' }, now)).toEqual([{ kind: 'unpublished' }]);
    expect(cardTags({ ...base, state: 'NON_PUBLIE', delayedTillTimestamp: now + 1000 }, now)).toEqual([{ kind: 'delayed', at: now + 1000 }]);
    expect(cardTags({ ...base, isWorkflowInProgress: true, wf_state: 'AWAITING_VALIDATION', wf_step: 1, wf_total_step: 3 }, now)[0]).toEqual({
      kind: 'workflow',
      state: 'AWAITING_VALIDATION',
      danger: false,
      step: 1,
      total: 3,
    });
    expect(cardTags({ ...base, isWorkflowInProgress: true, wf_state: 'SOMETHING' }, now)[0]).toEqual(
      expect.objectContaining({ state: 'REJECTED', danger: true }),
    );
    expect(cardTags({ ...base, metadata: { dueDateTimestamp: now + 5 } }, now)).toEqual([{ kind: 'due', at: now + 5, expired: false }]);
    expect(cardTags({ ...base, metadata: { dueDateTimestamp: now - 5 } }, now)).toEqual([{ kind: 'due', at: now - 5, expired: true }]);
  });
  it('opens the validator or author workflow page, the speach page, or the play page', () => {
    expect(cardTarget({ ...base, isWorkflowInProgress: true, canApprove: true }, now)).toBe('/workflow/validator/c1');
    expect(cardTarget({ ...base, isWorkflowInProgress: true }, now)).toBe('/workflow/author/c1');
    expect(cardTarget({ ...base, title: 'Été sûr' }, now)).toBe('/s/c1/ete-sur');
    expect(cardTarget({ ...base, state: 'NON_PUBLIE', delayedTillTimestamp: now + 1 }, now)).toBe('/s/c1/title');
    expect(cardTarget({ ...base, state: 'NON_PUBLIE' }, now)).toBe('/play/c1/title');
    // Spec §2: a regulated speach with a newer version scheduled opens its version in force.
    expect(cardTarget({ ...base, regulated_gmp: true, futureVersionDelayedTillTimestamp: now + 1 }, now)).toBe('/s/c1_REGULATED/title');
    expect(cardTarget({ ...base, regulated_gmp: true, futureVersionDelayedTillTimestamp: now - 1 }, now)).toBe('/s/c1/title');
    expect(cardTarget({ ...base, futureVersionDelayedTillTimestamp: now + 1 }, now)).toBe('/s/c1/title');
    expect(editTarget({ ...base, isWorkflowInProgress: true })).toBe('/workflow/author/c1');
    expect(editTarget(base)).toBe('/recorder/edit/c1');
  });
  it('builds the menu from the permission flags, and shares only where allowed', () => {
    expect(menuActions(base)).toEqual([]);
    expect(menuActions({ ...base, canEdit: true })).toEqual(['ANALYTICS', 'DUPLICATE', 'VERSIONS', 'ARCHIVE']);
    expect(menuActions({ ...base, canEdit: true, state: 'NON_PUBLIE', isWorkflowInProgress: true })).toEqual(['DUPLICATE', 'VERSIONS', 'WORKFLOW', 'ARCHIVE']);
    expect(canShareCard(base, now, false)).toBe(true);
    expect(canShareCard(base, now, true)).toBe(false);
    expect(canShareCard({ ...base, isTemplate: true }, now, false)).toBe(false);
    expect(canShareCard({ ...base, state: 'NON_PUBLIE' }, now, false)).toBe(false);
  });
});

describe('account tabs (spec §2)', () => {
  const user = { isAdmin: false, isAuthor: false, isApprover: false, workflowEnabled: true, delayEnabled: true };
  it('follows role and flag rules', () => {
    expect(visibleTabs(user)).toEqual(['SPEACHDUEDATE', 'FOLLOWED', 'BOOKMARKED', 'ASSIGNED']);
    expect(visibleTabs({ ...user, isAdmin: true })).toEqual(['SPEACHDUEDATE', 'BOOKMARKED', 'ASSIGNED']);
    expect(visibleTabs({ ...user, isAuthor: true })).toEqual([
      'EDITED',
      'COEDIT',
      'WFINPROGRESS',
      'SPEACHDELAY',
      'SPEACHDUEDATE',
      'FOLLOWED',
      'BOOKMARKED',
      'ASSIGNED',
      'TEMPLATE_EDIT',
      'TEMPLATE_COEDIT',
    ]);
    expect(visibleTabs({ ...user, isAuthor: true, workflowEnabled: false, delayEnabled: false })).not.toEqual(expect.arrayContaining(['WFINPROGRESS']));
    expect(visibleTabs({ ...user, isApprover: true })).toEqual(['WFTOVALIDATE', 'TOREVIEW', 'SPEACHDUEDATE', 'FOLLOWED', 'BOOKMARKED', 'ASSIGNED']);
    expect(visibleTabs({ ...user, isApprover: true, workflowEnabled: false })).toEqual(['SPEACHDUEDATE', 'FOLLOWED', 'BOOKMARKED', 'ASSIGNED']);
  });
  it('selects the requested tab only if visible, and puts it in the address', () => {
    const tabs = visibleTabs(user);
    expect(selectedTab('BOOKMARKED', tabs)).toBe('BOOKMARKED');
    expect(selectedTab('EDITED', tabs)).toBe('SPEACHDUEDATE');
    expect(selectedTab(null, [])).toBeNull();
    expect(accountAddress('ASSIGNED')).toBe('/account?tabSelected=ASSIGNED');
  });
});
