/** The engagement context's public face: the only module other contexts, the seed and the app module import. */
export { commentsDecider } from './comments.decider';
export { mailDecider } from './mail/mail.decider';
export { commentsStream, EngagementCommands } from './engagement-commands.service';
export { EngagementModule } from './engagement.module';
