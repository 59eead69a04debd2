import { Inject, Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { type RecordedEvent, upcast } from '../../events';
import { AUDIT_STREAMS, type AuditStreamsDocument } from '../../projections/audit.projection';
import { SPEACHES, type SpeachDocument, normaliseKey } from '../speach';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import type { EventStore } from '../infrastructure/event-store/event-store.port';
import { escapeRegex } from '../infrastructure/http/simple-rest';
import type { Filter, ReadStore } from '../infrastructure/read-store/read-store.port';
import { EVENT_STORE, READ_STORE } from '../infrastructure/tokens';
import { withPrintedNames } from '../signature';
import { type TrailEntry, asOf, diffStates, replay } from './audit-trail';
import type { AuditSummary, AuditedSpeachPage, StateAtView, TrailPage } from './audit.view';

export const TRAIL_PAGE_SIZE = 100;
export const TRAIL_PAGE_MAX = 500;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The auditor's reads: a speach's streams are found through the `audit_streams` read model, read
 * from the event store and folded with the deciders' own `evolve` (nothing is scanned, nothing is
 * guessed: before/after are the states the rules themselves compute).
 */
@Injectable()
export class AuditService {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  private async index(speachId: string): Promise<AuditStreamsDocument> {
    const doc = await this.store.collection<AuditStreamsDocument>(AUDIT_STREAMS).findById(speachId);
    if (!doc) throw new NotFoundError('Unknown speach');
    return doc;
  }

  /** Every event of the speach's streams, in log order (a per-stream read of each, merged by position). */
  private async speachEvents(doc: AuditStreamsDocument): Promise<RecordedEvent[]> {
    const streams = await Promise.all(doc.streams.map((s) => this.events.readStream(s.streamId)));
    return streams
      .flat()
      .map((e) => upcast(e))
      .sort((a, b) => a.position - b.position);
  }

  private async names(userIds: (string | null)[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds.filter((id): id is string => !!id))];
    if (!ids.length) return new Map();
    const users = await this.store.collection<UserDocument>(USERS).find({ _id: { $in: ids } }, { projection: { firstName: 1, lastName: 1 } });
    return new Map(users.map((u) => [u._id, `${u.firstName} ${u.lastName}`.trim()]));
  }

  /** Speaches to audit (every speach, archived and templates included), last changed first. */
  async speaches(q: string | undefined, page: number, size: number): Promise<AuditedSpeachPage> {
    const words = normaliseKey(q ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 10);
    const filter: Filter = words.length ? { $and: words.map((w) => ({ titleKey: { $regex: escapeRegex(w) } })) } : {};
    const collection = this.store.collection<SpeachDocument>(SPEACHES);
    const [docs, total] = await Promise.all([
      collection.find(filter, {
        sort: { updatedAt: -1, _id: 1 },
        skip: page * size,
        limit: size,
        projection: { title: 1, authorId: 1, updatedAt: 1, published: 1, archived: 1 },
      }),
      collection.count(filter),
    ]);
    const names = await this.names(docs.map((d) => d.authorId));
    return {
      total,
      result: docs.map((d) => ({
        id: d._id,
        title: d.title,
        authorId: d.authorId,
        authorName: names.get(d.authorId) ?? null,
        updatedAt: d.updatedAt,
        published: d.published,
        archived: d.archived,
      })),
    };
  }

  /** An audited speach's read model (its draft and version history): 404 when the speach is unknown. */
  async document(speachId: string): Promise<SpeachDocument> {
    const doc = await this.store.collection<SpeachDocument>(SPEACHES).findById(speachId);
    if (!doc) throw new NotFoundError('Unknown speach');
    return doc;
  }

  /** The title of an audited speach as it is now (the screen's heading). */
  async summary(speachId: string): Promise<AuditSummary> {
    const doc = await this.store.collection<SpeachDocument>(SPEACHES).findById(speachId);
    if (!doc) throw new NotFoundError('Unknown speach');
    await this.index(speachId);
    return { id: doc._id, title: doc.title, authorId: doc.authorId, published: doc.published, archived: doc.archived };
  }

  /** The whole trail of a speach, oldest first. */
  async trail(speachId: string): Promise<TrailEntry[]> {
    const events = await this.speachEvents(await this.index(speachId));
    const names = await this.names(events.map((e) => e.metadata.userId));
    const entries: TrailEntry[] = [];
    replay(events, ({ event, kind, before, after }) => {
      entries.push({
        position: event.position,
        stream: event.streamId,
        streamKind: kind,
        revision: event.revision,
        type: event.type,
        time: event.time,
        userId: event.metadata.userId ?? null,
        userName: event.metadata.userId ? (names.get(event.metadata.userId) ?? null) : null,
        changes: diffStates(before, after),
        data: event.data as Record<string, unknown>,
      });
    });
    await this.printSigners(entries);
    return entries;
  }

  /** Each signature (and refused attempt) of the trail gets its signer's name as it was at that moment. */
  private async printSigners(entries: TrailEntry[]): Promise<void> {
    const signed = entries.filter((e) => e.type === 'SignatureApplied' || e.type === 'SignatureFailed');
    const printed = await withPrintedNames(
      this.store,
      signed.map((e) => ({ signerId: String(e.data.signerId), signedAt: String(e.type === 'SignatureFailed' ? e.data.at : e.data.signedAt) })),
    );
    signed.forEach((entry, i) => (entry.printedName = printed[i].printedName));
  }

  async page(speachId: string, page = 0, size = TRAIL_PAGE_SIZE): Promise<TrailPage> {
    const entries = await this.trail(speachId);
    return { speachId, total: entries.length, page, size, result: entries.slice(page * size, page * size + size) };
  }

  /**
   * The speach and its workflows as of an instant (`at`, ISO 8601) or a log position: the events
   * up to it, folded. 404 when the speach did not exist yet.
   */
  async stateAt(speachId: string, query: { at?: string; position?: string }): Promise<StateAtView> {
    if (query.at !== undefined && query.position !== undefined) throw new ValidationError('at', 'give either at or position, not both');
    let limit: (event: RecordedEvent) => boolean = () => true;
    let at: string | null = null;
    let position: number | null = null;
    if (query.at !== undefined) {
      const time = ISO_DATE_TIME.test(query.at) ? Date.parse(query.at) : NaN;
      if (Number.isNaN(time)) throw new ValidationError('at', 'at must be an ISO 8601 date-time');
      at = new Date(time).toISOString();
      limit = (event) => event.time <= at!;
    } else if (query.position !== undefined) {
      if (!/^\d{1,15}$/.test(query.position)) throw new ValidationError('position', 'position must be a non-negative integer');
      position = Number(query.position);
      limit = (event) => event.position <= position!;
    }
    const events = await this.speachEvents(await this.index(speachId));
    // The prefix of the log up to the instant: a later event never reaches back into it.
    const cut = events.findIndex((event) => !limit(event));
    const upTo = cut < 0 ? events : events.slice(0, cut);
    const states = replay(upTo);
    const result = asOf(speachId, states);
    if (!result.speach || (result.speach as { status?: string }).status === 'none') {
      throw new NotFoundError(at ? `The speach did not exist at ${at}` : 'The speach did not exist at that position');
    }
    const last = upTo[upTo.length - 1];
    return { ...result, at, position, lastEvent: { position: last.position, type: last.type, time: last.time, stream: last.streamId } };
  }

  /** RFC 4180, one row per changed field (an event that changed nothing has one row with no field). */
  async csv(speachId: string): Promise<string> {
    // Titles and values are user text: formulas are escaped so a spreadsheet never runs them.
    return '\uFEFF' + stringify([[...AUDIT_COLUMNS], ...auditRows(await this.trail(speachId))], { record_delimiter: '\r\n', escape_formulas: true });
  }
}

/** The columns of every trail export (CSV, PDF): who, when, what, before/after, and the signature an event carries. */
export const AUDIT_COLUMNS = ['position', 'time', 'stream', 'type', 'userId', 'userName', 'field', 'before', 'after', 'signature'] as const;

/**
 * Part 11 §11.50: a signature shows the printed name, the date-time with the signer's time zone and the meaning,
 * and here the version and content hash it is bound to. A failed attempt shows who tried and why it failed.
 */
export function signatureOf(entry: Pick<TrailEntry, 'type' | 'data' | 'printedName'>): string {
  const d = entry.data as Record<string, unknown>;
  if (entry.type === 'SignatureApplied') {
    const reason = d.reason ? `, reason: ${String(d.reason)}` : '';
    return `${entry.printedName || String(d.signerId)}, ${String(d.meaning)}${reason}, ${String(d.signedAt)} (${String(d.timeZone)}), version ${String(d.version)}, ${String(d.contentHash)}`;
  }
  if (entry.type === 'SignatureFailed') {
    const who = entry.printedName ? `${entry.printedName} (${String(d.signerId)})` : String(d.signerId);
    return `failed attempt by ${who}: ${String(d.cause)}`;
  }
  return '';
}

export function auditRows(entries: TrailEntry[]): string[][] {
  const rows: string[][] = [];
  for (const entry of entries) {
    const common = [String(entry.position), entry.time, entry.stream, entry.type, entry.userId ?? '', entry.userName ?? ''];
    const signature = signatureOf(entry);
    if (!entry.changes.length) rows.push([...common, '', '', '', signature]);
    for (const change of entry.changes)
      rows.push([...common, change.field, JSON.stringify(change.before) ?? '', JSON.stringify(change.after) ?? '', signature]);
  }
  return rows;
}
