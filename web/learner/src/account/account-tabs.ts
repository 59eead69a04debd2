/** Spec §2 "Account page tabs": which tabs a user sees, the grid each one lists, and which carry a badge. */

export const ACCOUNT_TABS = [
  'EDITED',
  'COEDIT',
  'WFINPROGRESS',
  'WFTOVALIDATE',
  'TOREVIEW',
  'SPEACHDELAY',
  'SPEACHDUEDATE',
  'FOLLOWED',
  'BOOKMARKED',
  'ASSIGNED',
  'TEMPLATE_EDIT',
  'TEMPLATE_COEDIT',
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** The `/api/v2/my/*` grid of each tab. */
export const TAB_GRIDS: Record<AccountTab, string> = {
  EDITED: 'speachEdited',
  COEDIT: 'speachCoEdited',
  WFINPROGRESS: 'speachInWorkflowValidation',
  WFTOVALIDATE: 'speachWorkflowToValidate',
  TOREVIEW: 'speachToReview',
  SPEACHDELAY: 'speachDelay',
  SPEACHDUEDATE: 'speachWithDueDate',
  FOLLOWED: 'speachFollowed',
  BOOKMARKED: 'speachBookmarked',
  ASSIGNED: 'speachAssigned',
  TEMPLATE_EDIT: 'templateEdited',
  TEMPLATE_COEDIT: 'templateCoEdited',
};

export interface AccountUser {
  isAdmin: boolean;
  isAuthor: boolean;
  isApprover: boolean;
  workflowEnabled: boolean;
  delayEnabled: boolean;
}

export function visibleTabs(user: AccountUser): AccountTab[] {
  const rules: Record<AccountTab, boolean> = {
    EDITED: user.isAuthor,
    COEDIT: user.isAuthor,
    WFINPROGRESS: user.isAuthor && user.workflowEnabled,
    WFTOVALIDATE: user.isApprover && user.workflowEnabled,
    TOREVIEW: user.isApprover && user.workflowEnabled,
    SPEACHDELAY: user.isAuthor && user.delayEnabled,
    SPEACHDUEDATE: true,
    FOLLOWED: !user.isAdmin,
    BOOKMARKED: true,
    ASSIGNED: true,
    TEMPLATE_EDIT: user.isAuthor,
    TEMPLATE_COEDIT: user.isAuthor,
  };
  return ACCOUNT_TABS.filter((tab) => rules[tab]);
}

/** The tab the address asks for if the user may see it, else the first one they may. */
export function selectedTab(requested: string | null, tabs: readonly AccountTab[]): AccountTab | null {
  return tabs.find((t) => t === requested) ?? tabs[0] ?? null;
}

/** Tabs with a badge count: refused speaches on EDITED, the to-validate and to-review counts. */
export const BADGE_TABS: readonly AccountTab[] = ['EDITED', 'WFTOVALIDATE', 'TOREVIEW'];

export function accountAddress(tab: AccountTab): string {
  return `/account?tabSelected=${tab}`;
}
