import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { type FilterType, checkFilter, contentRange, parseSimpleRestQuery } from '../infrastructure/http/simple-rest';
import { SpeachLists } from './speach-lists.service';
import { SpeachQueries } from './speach-queries.service';

/** The admin speach list's filters and the value each accepts. */
const SPEACH_FILTERS: Record<string, FilterType> = {
  q: 'string',
  id: 'strings',
  searchTitle: 'string',
  searchAuthor: 'string',
  state: 'string',
  visibilities: 'strings',
  categories: 'strings',
  inWorkflow: 'boolean',
  pinnedOnHome: 'boolean',
  periodicReview: 'boolean',
  periodicReviewAction: 'string',
  startDate: 'date',
  endDate: 'date',
  startDateReview: 'date',
  endDateReview: 'date',
};

/** react-admin's resource: the admin list's filters in `filter`, Content-Range on the answer. */
@Controller('api/rest/speaches')
@Roles('ADMIN')
export class SpeachesRestController {
  constructor(
    private readonly lists: SpeachLists,
    private readonly queries: SpeachQueries,
  ) {}

  @Get()
  async list(@CurrentUser() user: Actor, @Query() query: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply) {
    const { sort, skip, limit, filter } = parseSimpleRestQuery(query, ['title', 'lastUpdatedDate', 'createdTimestamp', 'publicationDate', 'id']);
    checkFilter(filter, SPEACH_FILTERS);
    const viewer = await this.queries.viewer(user);
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const list = (v: unknown) => (v === undefined ? undefined : Array.isArray(v) ? v.map(String) : [String(v)]);
    const bool = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : v === true || v === 'true');
    let mongo = await this.lists.adminFilter(
      {
        searchTitle: text(filter.searchTitle) ?? text(filter.q),
        searchAuthor: text(filter.searchAuthor),
        state: text(filter.state),
        visibilities: list(filter.visibilities),
        categories: list(filter.categories),
        inWorkflow: bool(filter.inWorkflow),
        pinnedOnHome: bool(filter.pinnedOnHome),
        periodicReview: bool(filter.periodicReview),
        startDate: text(filter.startDate),
        endDate: text(filter.endDate),
      },
      viewer,
    );
    if (filter.id !== undefined) mongo = { $and: [mongo, { _id: { $in: list(filter.id) } }] };
    const sortField =
      { title: 'titleKey', lastUpdatedDate: 'updatedAt', createdTimestamp: 'createdAt', publicationDate: 'firstPublishedAt', id: '_id' }[
        sort?.field ?? 'lastUpdatedDate'
      ] ?? 'updatedAt';
    const [docs, total] = await Promise.all([
      this.queries.speaches.find(mongo, { sort: { [sortField]: sort?.order ?? -1, _id: 1 }, skip, limit }),
      this.queries.speaches.count(mongo),
    ]);
    void reply.header('Content-Range', contentRange('speaches', skip, docs.length, total));
    void reply.header('Access-Control-Expose-Headers', 'Content-Range');
    return this.queries.cards(docs, viewer);
  }

  @Get(':id')
  async one(@CurrentUser() user: Actor, @Param('id') id: string) {
    return this.queries.card(id, await this.queries.viewer(user));
  }
}
