import { auditMessages } from './audit';
import { dashboardMessages } from './dashboard';
import { exportsMessages } from './exports';
import { learningPathsMessages } from './learningPaths';
import { settingsMessages } from './settings';
import { workflowMessages } from './workflow';

/** Each feature keeps its messages in its own file. */
export const featureMessages = [dashboardMessages, workflowMessages, auditMessages, settingsMessages, exportsMessages, learningPathsMessages];
