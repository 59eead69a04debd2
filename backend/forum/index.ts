/**
 * The forum context's public face: its module, and its read models for other contexts (the
 * dashboard's badge counts, the account's badges) through here, not through the projections' files.
 */
export { USER_BADGES, type UserBadgeDocument } from '../../projections/badges.projection';
export { FORUM_TOPICS, FORUM_POSTS } from '../../projections/forum.projection';
export { ABUSE_REPORTS } from '../../projections/abuse-reports.projection';
export { BadgesService } from './badges.service';
export { ForumModule } from './forum.module';
