import type { FooterView, StatementView } from '@speach/web-shared/api';
import { api } from '../api/client';

/** Spec §3 "Footer data"; each item carries the address its code leads to. */
export type FooterData = FooterView;

/** Spec §3 "Accessibility data". */
export type AccessibilityData = Pick<StatementView, 'id' | 'statement'>;

export const getFooter = () => api<FooterData>('/api/v2/footer');
export const getStatement = () => api<AccessibilityData>('/api/v2/accessibility-data');
export const createStatement = (statement: string) => api<AccessibilityData>('/api/v2/accessibility-data', { method: 'POST', json: { statement } });
export const updateStatement = (id: string, statement: string) =>
  api<AccessibilityData & { changed: boolean }>(`/api/v2/accessibility-data/${encodeURIComponent(id)}`, { method: 'PUT', json: { statement } });
