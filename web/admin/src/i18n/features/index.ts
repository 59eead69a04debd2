import { abuseMessages } from './abuse';
import { aiAvatarMessages } from './aiAvatar';
import { auditMessages } from './audit';
import { dashboardMessages } from './dashboard';
import { experienceMessages } from './experience';
import { exportsMessages } from './exports';
import { scormMessages } from './scorm';
import { mailboxMessages } from './mailbox';
import { learningPathsMessages } from './learningPaths';
import { pathStatsMessages } from './pathStats';
import { settingsMessages } from './settings';
import { workflowMessages } from './workflow';
import { gxpMessages } from './gxp';

/** Each feature keeps its messages in its own file. */
export const featureMessages = [
  dashboardMessages,
  workflowMessages,
  auditMessages,
  settingsMessages,
  exportsMessages,
  scormMessages,
  abuseMessages,
  mailboxMessages,
  experienceMessages,
  learningPathsMessages,
  pathStatsMessages,
  aiAvatarMessages,
  gxpMessages,
];
