import { api } from '../api/client';

const enc = encodeURIComponent;

/** Shapes of docs/engagement-api.md. */
export interface Engagement {
  speachID: string;
  rating: { average: number | null; count: number; mine: number | null; editable: boolean };
  isFollowed: boolean;
  isFavori: boolean;
  canFollow: boolean;
  commentsEnabled: boolean;
  commentCount: number;
}

export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  img: string | null;
}

export interface SpeachComment {
  id: string;
  text: string;
  date: string;
  author: Person;
  canDelete: boolean;
}

export const COMMENTS_PAGE = 10;

export const engagementApi = {
  /** `accessCode`: a private speach's code, as the reader gave it (the server checks the same access as `read`). */
  summary: (id: string, accessCode?: string) => api<Engagement>(`/api/v2/speach/${enc(id)}/engagement${accessCode ? `?accessCode=${enc(accessCode)}` : ''}`),
  rate: (id: string, rating: number) => api<Engagement>(`/api/v2/speach/${enc(id)}/rating`, { method: 'PUT', json: { rating } }),
  follow: (id: string, follow: boolean) => api<Engagement>(`/api/v2/speach/${enc(id)}/follow`, { method: follow ? 'PUT' : 'DELETE' }),
  toggleBookmark: (id: string) => api<{ isFavori: boolean }>(`/favori.FavoriController/toggleFavori?idCour=${enc(id)}`),
  comments: (id: string, page: number, accessCode?: string) =>
    api<{ result: SpeachComment[]; total: number }>(
      `/api/v2/speach/${enc(id)}/comments?page=${page}&size=${COMMENTS_PAGE}${accessCode ? `&accessCode=${enc(accessCode)}` : ''}`,
    ),
  postComment: (id: string, text: string) => api<SpeachComment>(`/api/v2/speach/${enc(id)}/comments`, { method: 'POST', json: { text } }),
  deleteComment: (id: string, commentId: string) => api<{ deleted: true }>(`/api/v2/speach/${enc(id)}/comments/${enc(commentId)}`, { method: 'DELETE' }),
};
