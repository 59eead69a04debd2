import sharp from 'sharp';
import { type RouteExpectation, authors } from '../route-answers';

/** A 320×180 picture: the smallest a cover accepts, made once. */
let picture: Promise<Buffer> | null = null;
const png = () =>
  (picture ??= sharp({ create: { width: 320, height: 180, channels: 3, background: '#1a4f8b' } })
    .png()
    .toBuffer());

/** Who may call the speach cover routes (backend/speach/cover.controller.ts): the speach's editors. */
export const COVER_ROUTES: Record<string, RouteExpectation> = {
  'POST /api/v2/recorder/speach/{id}/cover': {
    call: async (fx, caller) => ({
      path: `/api/v2/recorder/speach/${(await fx.draftFor(caller)).id}/cover`,
      raw: { contentType: 'image/png', data: await png() },
    }),
    answers: authors(),
    writes: true,
  },
  'DELETE /api/v2/recorder/speach/{id}/cover': {
    call: async (fx, caller) => ({ path: `/api/v2/recorder/speach/${(await fx.draftFor(caller)).id}/cover` }),
    answers: authors(),
    writes: true,
  },
};
