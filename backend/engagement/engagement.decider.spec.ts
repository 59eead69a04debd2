import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { ForbiddenError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { commentsDecider } from './comments.decider';
import { engagementDecider } from './engagement.decider';

const ratings = deciderSpec(engagementDecider);
const comments = deciderSpec(commentsDecider);

const rate = (rating: number, facts: Partial<{ viewable: boolean; ownSpeach: boolean }> = {}) => ({
  type: 'RateSpeach' as const,
  userId: 'u1',
  speachId: 's1',
  rating,
  viewable: true,
  ownSpeach: false,
  ...facts,
});

describe('engagement decider (stream engagement-{userId})', () => {
  describe('RateSpeach', () => {
    it('rates a speach the learner may view', () => {
      ratings
        .given([])
        .when(rate(4))
        .then([{ type: 'SpeachRated', data: { speachId: 's1', userId: 'u1', rating: 4 } }]);
    });
    it('rating again replaces the rating', () => {
      ratings
        .given([{ type: 'SpeachRated', data: { speachId: 's1', userId: 'u1', rating: 4 } }])
        .when(rate(2))
        .then([{ type: 'SpeachRated', data: { speachId: 's1', userId: 'u1', rating: 2 } }]);
    });
    it('the same rating again records nothing', () => {
      ratings
        .given([{ type: 'SpeachRated', data: { speachId: 's1', userId: 'u1', rating: 4 } }])
        .when(rate(4))
        .then([]);
    });
    it.each([0, 6, 3.5, Number.NaN])('refuses %p: a rating is a whole number from 1 to 5', (rating) => {
      ratings
        .given([])
        .when(rate(rating))
        .thenThrows(ValidationError, /from 1 to 5/);
    });
    it('refuses the author or a co-editor of the speach', () => {
      ratings
        .given([])
        .when(rate(5, { ownSpeach: true }))
        .thenThrows(ForbiddenError, /your own speach/);
    });
    it('refuses a speach the learner cannot open (unknown, unpublished or restricted)', () => {
      ratings
        .given([])
        .when(rate(5, { viewable: false }))
        .thenThrows(NotFoundError, /Unknown speach/);
    });
  });

  describe('FollowSpeach / UnfollowSpeach', () => {
    const follow = { type: 'FollowSpeach' as const, userId: 'u1', speachId: 's1', viewable: true };
    const unfollow = { type: 'UnfollowSpeach' as const, userId: 'u1', speachId: 's1' };
    const followed = { type: 'SpeachFollowed' as const, data: { speachId: 's1', userId: 'u1' } };
    it('follows, once', () => {
      ratings.given([]).when(follow).then([followed]);
      ratings.given([followed]).when(follow).then([]);
    });
    it('refuses to follow a speach the learner cannot open', () => {
      ratings
        .given([])
        .when({ ...follow, viewable: false })
        .thenThrows(NotFoundError);
    });
    it('unfollows a followed speach; unfollowing again records nothing', () => {
      ratings
        .given([followed])
        .when(unfollow)
        .then([{ type: 'SpeachUnfollowed', data: { speachId: 's1', userId: 'u1' } }]);
      ratings
        .given([followed, { type: 'SpeachUnfollowed', data: { speachId: 's1', userId: 'u1' } }])
        .when(unfollow)
        .then([]);
    });
  });
});

describe('comments decider (stream comments-{speachId})', () => {
  const post = (text: string, facts: Partial<{ commentsEnabled: boolean; viewable: boolean }> = {}) => ({
    type: 'PostComment' as const,
    commentId: 'c1',
    speachId: 's1',
    userId: 'u1',
    text,
    commentsEnabled: true,
    viewable: true,
    ...facts,
  });
  const posted = { type: 'CommentPosted' as const, data: { commentId: 'c1', speachId: 's1', userId: 'u1', text: 'Nice' } };
  const remove = (actorId: string, isAdmin = false) => ({
    type: 'DeleteComment' as const,
    commentId: 'c1',
    speachId: 's1',
    actorId,
    isAdmin,
    speachAuthorId: 'author',
  });

  it('posts a trimmed plain-text comment, markup kept as text', () => {
    comments
      .given([])
      .when(post('  <script>alert(1)</script>\nhi  '))
      .then([{ type: 'CommentPosted', data: { commentId: 'c1', speachId: 's1', userId: 'u1', text: '<script>alert(1)</script>\nhi' } }]);
  });
  it('refuses an empty comment and one over 2000 characters', () => {
    comments
      .given([])
      .when(post('   '))
      .thenThrows(ValidationError, /Write a comment/);
    comments
      .given([])
      .when(post('x'.repeat(2001)))
      .thenThrows(ValidationError, /at most 2000/);
    comments
      .given([])
      .when(post('x'.repeat(2000)))
      .thenEvents((events) => expect(events).toHaveLength(1));
  });
  it('refuses when comments are disabled, and on a speach the learner cannot open', () => {
    comments
      .given([])
      .when(post('Nice', { commentsEnabled: false }))
      .thenThrows(ForbiddenError, /disabled/);
    comments
      .given([])
      .when(post('Nice', { viewable: false }))
      .thenThrows(NotFoundError);
  });
  it('lets the writer, the speach author and an admin delete a comment', () => {
    const deleted = (by: string) => [{ type: 'CommentDeleted' as const, data: { commentId: 'c1', speachId: 's1', deletedBy: by } }];
    comments.given([posted]).when(remove('u1')).then(deleted('u1'));
    comments.given([posted]).when(remove('author')).then(deleted('author'));
    comments.given([posted]).when(remove('boss', true)).then(deleted('boss'));
  });
  it('refuses anyone else (403) and an unknown or already deleted comment (404)', () => {
    comments.given([posted]).when(remove('u2')).thenThrows(ForbiddenError);
    comments
      .given([])
      .when(remove('u1'))
      .thenThrows(NotFoundError, /Unknown comment/);
    comments
      .given([posted, { type: 'CommentDeleted', data: { commentId: 'c1', speachId: 's1', deletedBy: 'u1' } }])
      .when(remove('u1'))
      .thenThrows(NotFoundError);
  });
});
