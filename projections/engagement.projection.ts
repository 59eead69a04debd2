import type { ProjectedDocument, ProjectionDefinition } from './projection';

export const COMMENTS = 'comments';
export const SPEACH_RATINGS = 'speach_ratings';
export const USER_RATINGS = 'user_ratings';
export const FOLLOWS = 'follows';

export interface CommentDocument extends ProjectedDocument {
  speachId: string;
  userId: string;
  /** Plain text as typed; the screens turn links and line breaks into markup, nothing else. */
  text: string;
  date: string;
  /** Event position: newest first without ties. */
  position: number;
}

/** The average of a speach's ratings (spec §3 card `rating`). */
export interface SpeachRatingDocument extends ProjectedDocument {
  sum: number;
  count: number;
  average: number;
}

/** One learner's rating of one speach: id `{userId}:{speachId}`. */
export interface UserRatingDocument extends ProjectedDocument {
  userId: string;
  speachId: string;
  rating: number;
  date: string;
}

/** id `{userId}:{speachId}`. */
export interface FollowDocument extends ProjectedDocument {
  userId: string;
  speachId: string;
  at: string;
}

type Ids = { speachId: string; userId: string };

export const engagementProjection: ProjectionDefinition = {
  name: 'engagement',
  version: 1,
  collections: [
    { name: COMMENTS, indexes: [{ field: 'speachId' }, { field: 'userId' }, { fields: [{ field: 'speachId' }, { field: 'position', direction: -1 }] }] },
    { name: SPEACH_RATINGS },
    { name: USER_RATINGS, indexes: [{ field: 'userId' }, { field: 'speachId' }] },
    { name: FOLLOWS, indexes: [{ field: 'userId' }, { field: 'speachId' }] },
  ],
  handlers: {
    /** Rating again replaces the learner's previous rating in the average. */
    SpeachRated: async (event, writer) => {
      const { speachId, userId, rating } = event.data as Ids & { rating: number };
      const id = `${userId}:${speachId}`;
      const previous = await writer.get<UserRatingDocument>(USER_RATINGS, id);
      if (previous && (previous._position ?? 0) >= event.position) return;
      await writer.upsert<UserRatingDocument>(USER_RATINGS, id, () => ({ _id: id, userId, speachId, rating, date: event.time }));
      await writer.upsert<SpeachRatingDocument>(SPEACH_RATINGS, speachId, (doc) => {
        const sum = (doc?.sum ?? 0) - (previous?.rating ?? 0) + rating;
        const count = (doc?.count ?? 0) + (previous ? 0 : 1);
        return { _id: speachId, sum, count, average: Math.round((sum / count) * 10) / 10 };
      });
    },
    SpeachFollowed: async (event, writer) => {
      const { speachId, userId } = event.data as Ids;
      await writer.upsert<FollowDocument>(FOLLOWS, `${userId}:${speachId}`, () => ({ _id: `${userId}:${speachId}`, userId, speachId, at: event.time }));
    },
    SpeachUnfollowed: async (event, writer) => {
      const { speachId, userId } = event.data as Ids;
      await writer.upsert<FollowDocument>(FOLLOWS, `${userId}:${speachId}`, () => null);
    },
    CommentPosted: async (event, writer) => {
      const d = event.data as Ids & { commentId: string; text: string };
      await writer.upsert<CommentDocument>(COMMENTS, d.commentId, () => ({
        _id: d.commentId,
        speachId: d.speachId,
        userId: d.userId,
        text: d.text,
        date: event.time,
        position: event.position,
      }));
    },
    CommentDeleted: async (event, writer) => {
      await writer.upsert<CommentDocument>(COMMENTS, (event.data as { commentId: string }).commentId, () => null);
    },
  },
};
