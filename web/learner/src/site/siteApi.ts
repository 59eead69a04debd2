import { api } from '../api/client';

/** Spec §3 "Footer data"; each item carries the address its code leads to. */
export interface FooterData {
  isEnabled: boolean;
  items: { code: 'PRODUCT' | 'ACCESSIBILITY' | 'GCU' | 'PDP'; label: string; url: string }[];
}

/** Spec §3 "Accessibility data". */
export interface AccessibilityData {
  id: string;
  statement: string;
}

export const getFooter = () => api<FooterData>('/api/v2/footer');
export const getStatement = () => api<AccessibilityData>('/api/v2/accessibility-data');
export const createStatement = (statement: string) => api<AccessibilityData>('/api/v2/accessibility-data', { method: 'POST', json: { statement } });
export const updateStatement = (id: string, statement: string) =>
  api<AccessibilityData & { changed: boolean }>(`/api/v2/accessibility-data/${encodeURIComponent(id)}`, { method: 'PUT', json: { statement } });
