import type { DataProvider, GetListParams, GetOneParams, RaRecord } from 'react-admin';
import type { HeldMailPage, HeldMailView } from '@speach/web-shared/api';
import { apiCall } from '../providers/httpClient';

/** A held message as a react-admin record. */
export type HeldMail = HeldMailView & RaRecord;

const messages = async (to?: string) => {
  const query = to ? `?${new URLSearchParams({ to })}` : '';
  return apiCall<Omit<HeldMailPage, 'result'> & { result: HeldMail[] }>(`/api/v2/admin/mail/messages${query}`);
};

/**
 * The dev mailbox reads `GET /api/v2/admin/mail/messages` (what the embedded mailer holds), not the
 * react-admin REST data API: paged and sorted here, filtered on the recipient by the server.
 */
export const mailboxProvider: Pick<DataProvider, 'getList' | 'getOne'> = {
  async getList(_resource: string, params: GetListParams) {
    const { result } = await messages(typeof params.filter?.to === 'string' && params.filter.to ? params.filter.to : undefined);
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const { field = 'date', order = 'DESC' } = params.sort ?? {};
    const sorted = [...result].sort((a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? '')) * (order === 'ASC' ? 1 : -1));
    return { data: sorted.slice((page - 1) * perPage, page * perPage) as never[], total: result.length };
  },
  async getOne(_resource: string, params: GetOneParams) {
    const found = (await messages()).result.find((m) => m.id === String(params.id));
    if (!found) throw new Error('ra.notification.item_doesnt_exist');
    return { data: found as never };
  },
};
