import type { CommentPage, CommentView, EngagementView, Person as ServerPerson } from '@speach/web-shared/api';
import { api } from '../api/client';

const enc = encodeURIComponent;

/** Shapes of docs/engagement-api.md. */
export type Engagement = EngagementView;

export type Person = Pick<ServerPerson, 'id' | 'firstName' | 'lastName' | 'img'>;

/** The fields the comment list reads (the answer also carries `commentId`, `speachID`, `timestamp`). */
export type SpeachComment = Pick<CommentView, 'id' | 'text' | 'date' | 'canDelete'> & { author: Person };

export const COMMENTS_PAGE = 10;

export const engagementApi = {
  /** `accessCode`: a private speach's code, as the reader gave it (the server checks the same access as `read`). */
  summary: (id: string, accessCode?: string) => api<Engagement>(`/api/v2/speach/${enc(id)}/engagement${accessCode ? `?accessCode=${enc(accessCode)}` : ''}`),
  rate: (id: string, rating: number) => api<Engagement>(`/api/v2/speach/${enc(id)}/rating`, { method: 'PUT', json: { rating } }),
  follow: (id: string, follow: boolean) => api<Engagement>(`/api/v2/speach/${enc(id)}/follow`, { method: follow ? 'PUT' : 'DELETE' }),
  toggleBookmark: (id: string) => api<{ isFavori: boolean }>(`/favori.FavoriController/toggleFavori?idCour=${enc(id)}`),
  comments: (id: string, page: number, accessCode?: string) =>
    api<Omit<CommentPage, 'result'> & { result: SpeachComment[] }>(
      `/api/v2/speach/${enc(id)}/comments?page=${page}&size=${COMMENTS_PAGE}${accessCode ? `&accessCode=${enc(accessCode)}` : ''}`,
    ),
  postComment: (id: string, text: string) => api<SpeachComment>(`/api/v2/speach/${enc(id)}/comments`, { method: 'POST', json: { text } }),
  deleteComment: (id: string, commentId: string) => api<{ deleted: true }>(`/api/v2/speach/${enc(id)}/comments/${enc(commentId)}`, { method: 'DELETE' }),
};
