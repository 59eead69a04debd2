import { type NewEvent, uuidv7 } from '../../events';
import { event } from './identity';
import type { GeneratedSpeach } from './speaches';

/** How often a read (a learner opening a speach on a day) leads to each engagement event. */
export const ENGAGEMENT_RATES = { rating: 0.05, comment: 0.01, follow: 0.015, /** Of the follow rolls of a learner already following. */
  unfollow: 0.5, commentDeleted: 0.03 };

const COMMENTS: Record<string, string[]> = {
  'en-US': ['Clear and to the point, thanks!', 'Chapter 2 could use an example.', 'Great refresher before the audit.', 'The quiz was harder than expected.'],
  'fr-FR': ['Clair et concis, merci !', 'Il manque un exemple au chapitre 2.', 'Très utile avant l’audit.', 'Le quiz est plus difficile que prévu.'],
  'es-ES': ['Claro y conciso, ¡gracias!', 'Falta un ejemplo en el capítulo 2.', 'Muy útil antes de la auditoría.', 'El cuestionario es difícil.'],
  'de-DE': ['Klar und knapp, danke!', 'In Kapitel 2 fehlt ein Beispiel.', 'Sehr nützlich vor dem Audit.', 'Das Quiz war schwerer als gedacht.'],
};

export interface EngagementCounts {
  ratings: number;
  comments: number;
  commentsDeleted: number;
  follows: number;
  unfollows: number;
}

/**
 * Ratings, follows and comments as the product writes them (engagement-commands.service.ts and its
 * deciders): `SpeachRated`, `SpeachFollowed`, `SpeachUnfollowed` on `engagement-{userId}`,
 * `CommentPosted` and `CommentDeleted` on `comments-{speachId}`. Only the events the deciders would
 * accept: no rating of one's own speach, a new rating only when it differs from the learner's
 * previous one, a follow only when not following, an unfollow only when following, a deletion by
 * the comment's writer.
 */
export class EngagementGenerator {
  readonly counts: EngagementCounts = { ratings: 0, comments: 0, commentsDeleted: 0, follows: 0, unfollows: 0 };
  private readonly ratings = new Map<string, number>();
  private readonly following = new Set<string>();

  constructor(private readonly random: () => number) {}

  /** The events a read of `speach` by `userId` at `at` leads to, added to their streams. */
  afterRead(userId: string, speach: GeneratedSpeach, at: number, add: (stream: string, event: NewEvent) => void): void {
    const { speachId } = speach;
    const key = `${userId}:${speachId}`;
    const random = this.random;
    const engagement = `engagement-${userId}`;
    if (random() < ENGAGEMENT_RATES.rating && speach.authorId !== userId) {
      // Skewed towards good ratings, as catalogues are.
      const roll = random();
      const rating = roll < 0.05 ? 1 : roll < 0.12 ? 2 : roll < 0.3 ? 3 : roll < 0.65 ? 4 : 5;
      if (this.ratings.get(key) !== rating) {
        this.ratings.set(key, rating);
        add(engagement, event('SpeachRated', { speachId, userId, rating }, userId, at + 5 * 60_000));
        this.counts.ratings++;
      }
    }
    if (this.following.has(key)) {
      if (random() < ENGAGEMENT_RATES.unfollow) {
        this.following.delete(key);
        add(engagement, event('SpeachUnfollowed', { speachId, userId }, userId, at + 6 * 60_000));
        this.counts.unfollows++;
      }
    } else if (random() < ENGAGEMENT_RATES.follow) {
      this.following.add(key);
      add(engagement, event('SpeachFollowed', { speachId, userId }, userId, at + 6 * 60_000));
      this.counts.follows++;
    }
    if (random() < ENGAGEMENT_RATES.comment) {
      const comments = `comments-${speachId}`;
      const texts = COMMENTS[speach.language] ?? COMMENTS['en-US'];
      const commentId = uuidv7();
      add(comments, event('CommentPosted', { commentId, speachId, userId, text: texts[Math.floor(random() * texts.length)] }, userId, at + 7 * 60_000));
      this.counts.comments++;
      if (random() < ENGAGEMENT_RATES.commentDeleted) {
        add(comments, event('CommentDeleted', { commentId, speachId, deletedBy: userId }, userId, at + 30 * 60_000));
        this.counts.commentsDeleted++;
      }
    }
  }
}
