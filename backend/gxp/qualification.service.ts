import { Inject, Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import {
  GXP_IMPACT,
  GXP_PATH_COMPLETIONS,
  GXP_SPEACHES,
  GXP_TRAINING,
  type GxpImpactDocument,
  type GxpPathCompletionsDocument,
  type GxpSpeachDocument,
  type GxpTrainingDocument,
} from '../../projections/qualification.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { PATHS, type PathDocument } from '../paths';
import { withPrintedNames } from '../signature';
import { type Standing, isQualified, pathStandingAt, standingAt, versionInForce } from './qualification';
import { type ReportTable, renderReportPdf } from '../infrastructure/pdf/report-pdf';
import type {
  LearnerRef,
  PathQualificationRow as PathRow,
  PathQualificationView,
  SpeachQualificationRow as SpeachRow,
  SpeachQualificationView,
  UserQualificationView,
} from './qualification.view';

type StandingRow = LearnerRef & Standing & { speachId: string; title: string };

/** An ISO 8601 date or date-time; a bare date means the end of that day (who was qualified on that day). */
export function parseAt(at: unknown, now: string): string {
  if (at === undefined || at === '') return now;
  if (typeof at !== 'string' || !/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(at) || Number.isNaN(Date.parse(at))) {
    throw new ValidationError('at', 'at must be an ISO 8601 date or date-time');
  }
  return new Date(at.length === 10 ? `${at}T23:59:59.999Z` : at).toISOString();
}

/** The qualification queries (issue 23 item 5): indexed reads of the dated training history, folded at the date. */
@Injectable()
export class QualificationService {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  private async people(userIds: string[]): Promise<Map<string, LearnerRef>> {
    const users = await this.store.collection<UserDocument>(USERS).findByIds([...new Set(userIds)]);
    return new Map(users.map((u) => [u._id, { userId: u._id, name: `${u.firstName} ${u.lastName}`.trim(), email: u.email }]));
  }

  private async printed(rows: StandingRow[]): Promise<SpeachRow[]> {
    const names = await withPrintedNames(
      this.store,
      rows.flatMap((r) => (r.signature ? [r.signature] : [])),
    );
    let next = 0;
    return rows.map((r) => ({ ...r, signature: r.signature ? names[next++] : null }));
  }

  private ref(people: Map<string, LearnerRef>, userId: string): LearnerRef {
    // An erased user keeps their trainings under their id: the names are gone, the record is not.
    return people.get(userId) ?? { userId, name: '', email: '' };
  }

  async speach(speachId: string, at: string): Promise<SpeachQualificationView> {
    const speach = await this.store.collection<GxpSpeachDocument>(GXP_SPEACHES).findById(speachId);
    if (!speach) throw new NotFoundError('Unknown speach');
    const trainings = await this.store.collection<GxpTrainingDocument>(GXP_TRAINING).find({ speachId });
    const people = await this.people(trainings.map((t) => t.userId));
    const standings: StandingRow[] = [];
    for (const t of trainings) {
      const standing = standingAt(t, speach.versions, at);
      if (standing) standings.push({ ...this.ref(people, t.userId), ...standing, speachId, title: speach.title });
    }
    const rows = await this.printed(standings);
    rows.sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
    return {
      at,
      speachId,
      title: speach.title,
      versionInForce: versionInForce(speach.versions, at)?.version ?? null,
      qualified: rows.filter(isQualified),
      notQualified: rows.filter((r) => !isQualified(r)),
    };
  }

  async path(pathId: string, at: string): Promise<PathQualificationView> {
    const path = await this.store.collection<PathDocument>(PATHS).findById(pathId);
    if (!path) throw new NotFoundError('Unknown path');
    const docs = await this.store.collection<GxpPathCompletionsDocument>(GXP_PATH_COMPLETIONS).find({ pathId });
    const people = await this.people(docs.map((d) => d.userId));
    const rows: PathRow[] = [];
    for (const d of docs) {
      const standing = pathStandingAt(d.completions, at);
      if (!standing) continue;
      const c = standing.completion;
      rows.push({
        ...this.ref(people, d.userId),
        pathId,
        title: d.title,
        completedAt: c.completedAt,
        validUntil: c.validUntil,
        certificateCode: c.certificateCode,
        valid: standing.valid,
        speaches: c.speaches,
      });
    }
    rows.sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
    return { at, pathId, title: path.title, qualified: rows.filter((r) => r.valid), notQualified: rows.filter((r) => !r.valid) };
  }

  async user(userId: string, at: string): Promise<UserQualificationView> {
    const user = await this.store.collection<UserDocument>(USERS).findById(userId);
    if (!user) throw new NotFoundError('Unknown user');
    const learner = this.ref(await this.people([userId]), userId);
    const trainings = await this.store.collection<GxpTrainingDocument>(GXP_TRAINING).find({ userId });
    const speaches = new Map((await this.store.collection<GxpSpeachDocument>(GXP_SPEACHES).findByIds(trainings.map((t) => t.speachId))).map((s) => [s._id, s]));
    const standings: StandingRow[] = [];
    for (const t of trainings) {
      const speach = speaches.get(t.speachId);
      const standing = speach && standingAt(t, speach.versions, at);
      if (standing) standings.push({ ...learner, ...standing, speachId: t.speachId, title: speach.title });
    }
    const rows = await this.printed(standings);
    rows.sort((a, b) => a.title.localeCompare(b.title));
    const paths: PathRow[] = [];
    for (const d of await this.store.collection<GxpPathCompletionsDocument>(GXP_PATH_COMPLETIONS).find({ userId })) {
      const standing = pathStandingAt(d.completions, at);
      if (!standing) continue;
      const c = standing.completion;
      paths.push({
        ...learner,
        pathId: d.pathId,
        title: d.title,
        completedAt: c.completedAt,
        validUntil: c.validUntil,
        certificateCode: c.certificateCode,
        valid: standing.valid,
        speaches: c.speaches,
      });
    }
    return { at, userId, name: learner.name, email: learner.email, speaches: rows, paths: paths.sort((a, b) => a.title.localeCompare(b.title)) };
  }

  async impact(speachId: string) {
    const speach = await this.store.collection<GxpSpeachDocument>(GXP_SPEACHES).findById(speachId);
    if (!speach) throw new NotFoundError('Unknown speach');
    const assessments = await this.store.collection<GxpImpactDocument>(GXP_IMPACT).find({ speachId });
    const people = await this.people(assessments.flatMap((a) => a.learners.map((l) => l.userId)));
    return {
      speachId,
      title: speach.title,
      assessments: assessments
        .sort((a, b) => b.version - a.version)
        .map(({ _position, ...a }) => ({ ...a, learners: a.learners.map((l) => ({ ...l, ...this.ref(people, l.userId) })) })),
    };
  }

  async assessment(speachId: string, assessmentId: string): Promise<GxpImpactDocument> {
    const doc = await this.store.collection<GxpImpactDocument>(GXP_IMPACT).findById(assessmentId);
    if (!doc || doc.speachId !== speachId) throw new NotFoundError('Unknown impact assessment');
    return doc;
  }

  async completedVersion(speachId: string, userId: string): Promise<number | null> {
    const t = await this.store.collection<GxpTrainingDocument>(GXP_TRAINING).findById(`${speachId}:${userId}`);
    return t && t.completions.length ? Math.max(...t.completions.map((c) => c.version)) : null;
  }
}

const STANDING_COLUMNS = [
  'userId',
  'name',
  'email',
  'speachId',
  'title',
  'version',
  'completedAt',
  'contentHash',
  'versionPinned',
  'status',
  'requiredVersion',
  'dueDate',
  'signedAt',
];
const standingCells = (r: SpeachRow) => [
  r.userId,
  r.name,
  r.email,
  r.speachId,
  r.title,
  String(r.version),
  r.completedAt,
  r.contentHash ?? '',
  r.pinned ? 'yes' : 'inferred',
  r.status,
  r.requiredVersion === null ? '' : String(r.requiredVersion),
  r.dueDate ?? '',
  signed(r),
];
/** Part 11 §11.50: printed name, date-time with its zone, meaning. */
const signed = (r: SpeachRow) => (r.signature ? `${r.signature.printedName}, ${r.signature.signedAt} (${r.signature.timeZone}), trained` : '');
const PATH_COLUMNS = ['userId', 'name', 'email', 'pathId', 'title', 'completedAt', 'validUntil', 'certificateCode', 'status', 'speachVersions'];
const pathCells = (r: PathRow) => [
  r.userId,
  r.name,
  r.email,
  r.pathId,
  r.title,
  r.completedAt,
  r.validUntil ?? '',
  r.certificateCode,
  r.valid ? 'QUALIFIED' : 'LAPSED',
  r.speaches.map((s) => `${s.title} v${s.version ?? '?'}`).join('; '),
];

/** A table both as CSV and as PDF: the same columns, so the two exports never disagree. */
export interface QualificationTable {
  title: string;
  subtitle: string[];
  columns: string[];
  rows: string[][];
}

export function speachTable(r: Awaited<ReturnType<QualificationService['speach']>>): QualificationTable {
  return {
    title: `Qualification on "${r.title}" at ${r.at}`,
    subtitle: [
      `Speach ${r.speachId}; version in force: ${r.versionInForce ?? 'none'}.`,
      `${r.qualified.length} qualified, ${r.notQualified.length} trained on a superseded version.`,
    ],
    columns: STANDING_COLUMNS,
    rows: [...r.qualified, ...r.notQualified].map(standingCells),
  };
}

export function pathTable(r: Awaited<ReturnType<QualificationService['path']>>): QualificationTable {
  return {
    title: `Qualification on the path "${r.title}" at ${r.at}`,
    subtitle: [`Path ${r.pathId}: ${r.qualified.length} qualified, ${r.notQualified.length} lapsed.`],
    columns: PATH_COLUMNS,
    rows: [...r.qualified, ...r.notQualified].map(pathCells),
  };
}

export function userTable(r: Awaited<ReturnType<QualificationService['user']>>): QualificationTable {
  return {
    title: `Qualifications of ${r.name || r.userId} at ${r.at}`,
    subtitle: [`User ${r.userId} ${r.email}`.trim()],
    columns: ['kind', ...STANDING_COLUMNS.slice(3)],
    rows: [
      ...r.speaches.map((s) => ['speach', ...standingCells(s).slice(3)]),
      ...r.paths.map((p) => [
        'path',
        p.pathId,
        p.title,
        p.speaches.map((s) => `${s.title} v${s.version ?? '?'}`).join('; '),
        p.completedAt,
        '',
        'yes',
        p.valid ? 'QUALIFIED' : 'LAPSED',
        '',
        p.validUntil ?? '',
        '',
      ]),
    ],
  };
}

export function tableCsv(table: QualificationTable): string {
  // Names and titles are user text: formulas are escaped so a spreadsheet never runs them.
  return '\uFEFF' + stringify([table.columns, ...table.rows], { record_delimiter: '\r\n', escape_formulas: true });
}

/** Ids stay in the CSV; on paper an inspector reads names, dates in UTC and a hash prefix they can match. */
const PDF_HIDDEN = new Set(['userId', 'speachId', 'pathId']);
const paperDate = (cell: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(cell) ? `${cell.slice(0, 10)} ${cell.slice(11, 16)} UTC` : cell);

export function tablePdf(table: QualificationTable): Promise<Buffer> {
  const keep = table.columns.map((c, i) => [c, i] as const).filter(([c]) => !PDF_HIDDEN.has(c));
  const wide = new Set(['title', 'name', 'email', 'speachVersions']);
  const cell = (column: string, value: string) => (column === 'contentHash' && value.length > 23 ? `${value.slice(0, 23)}...` : paperDate(value));
  const report: ReportTable = {
    title: table.title,
    subtitle: table.subtitle,
    columns: keep.map(([header]) => ({ header, width: wide.has(header) ? 2 : header === 'contentHash' ? 2.3 : 1.1 })),
    rows: table.rows.map((row) => keep.map(([column, i]) => cell(column, row[i]))),
  };
  return renderReportPdf(report);
}
