import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { ChapterContent, ScormType } from '../../events';
import { type ManifestItem, type ManifestResource, manifestXml, xml } from './manifest';
import { API_JS } from './sco/api-js';
import { FULL_JS, STYLE_CSS } from './sco/full-js';
import { scoLabels } from './sco/labels';
import { LITE_JS } from './sco/lite-js';
import type { ZipEntry } from './zip-writer';

/** A chapter as the package sees it (the published version's nodes). */
export interface PackageChapter {
  chapterId: string;
  parentId: string | null;
  title: string;
  content: ChapterContent;
}

export interface PackageInput {
  speachId: string;
  version: number;
  title: string;
  language: string;
  type: ScormType;
  contentNavigation: boolean;
  chapters: PackageChapter[];
  /** SCORM_LITE: the player address the SCO frames (token included) and its origin. */
  embed?: { url: string; origin: string };
}

export type BlobLoader = (blobId: string) => Promise<Buffer>;

/** The schema set beside this file in the sources (the compiled server reads it from there too). */
export function schemaDirectory(): string {
  const candidates = [resolve(__dirname, 'xsd'), resolve(__dirname, '..', '..', '..', 'backend', 'scorm', 'xsd')];
  const found = candidates.find((dir) => existsSync(join(dir, 'imscp_v1p1.xsd')));
  if (!found) throw new Error(`The SCORM schema set is missing (looked in ${candidates.join(', ')})`);
  return found;
}

let schemaFiles: ZipEntry[] | null = null;
/** Every ADL schema (and what they import), for the package root: our driver and checksums stay home. */
export function schemaEntries(): ZipEntry[] {
  if (schemaFiles) return schemaFiles;
  const root = schemaDirectory();
  const out: ZipEntry[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name !== 'scorm2004_4ed_all.xsd' && name !== 'SHA256SUMS')
        out.push({ path: relative(root, path).split('\\').join('/'), data: readFileSync(path) });
    }
  };
  walk(root);
  schemaFiles = out;
  return out;
}

/** JSON with sorted keys: the content hash must not depend on how a document's keys were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of the version's content (titles, texts, questions, and the files by their content-addressed ids). */
export function contentSha256(input: Pick<PackageInput, 'speachId' | 'version' | 'title' | 'chapters'>): string {
  return createHash('sha256')
    .update(canonical({ speachId: input.speachId, version: input.version, title: input.title, chapters: input.chapters }))
    .digest('hex');
}

/** A JSON island inside a script element: `<` escaped so no text can close the element. */
function jsonIsland(value: unknown): string {
  return `<script type="application/json" id="sco-config">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

function page(lang: string, title: string, body: string, config: unknown, scripts: string[]): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${xml(lang)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${xml(title)}</title><link rel="stylesheet" href="../shared/style.css"></head>`,
    `<body><main>${body}</main>`,
    jsonIsland(config),
    ...scripts.map((s) => `<script src="../shared/${s}"></script>`),
    '</body></html>',
    '',
  ].join('\n');
}

const FILE_EXT = /\.([a-z0-9]{1,8})$/i;
function mediaPath(file: { blobId: string; name: string }): string {
  const ext = FILE_EXT.exec(file.name)?.[1]?.toLowerCase() ?? 'bin';
  return `media/${file.blobId}.${ext}`;
}

/** A sub-chapter's content as offline HTML, and the media files it needs. */
function contentHtml(
  content: ChapterContent,
  labels: ReturnType<typeof scoLabels>,
): { html: string; media: { blobId: string; path: string }[]; quiz: boolean } {
  switch (content.type) {
    case 'HTML':
      // Sanitised when it was saved (chapter-content.ts): formatting, links and images only.
      return { html: `<div class="content">${content.html}</div>`, media: [], quiz: false };
    case 'VIDEO_UPLOAD':
    case 'AUDIO_UPLOAD':
    case 'PDF_UPLOAD': {
      const path = mediaPath(content.file);
      const src = `../${path}`;
      const html =
        content.type === 'VIDEO_UPLOAD'
          ? `<video controls preload="metadata" src="${src}" title="${xml(content.file.name)}"></video>`
          : content.type === 'AUDIO_UPLOAD'
            ? `<audio controls preload="metadata" src="${src}" title="${xml(content.file.name)}"></audio>`
            : `<iframe class="pdf" src="${src}" title="${xml(content.file.name)}"></iframe><p><a href="${src}" target="_blank" rel="noopener">${xml(labels.openPdf)}</a></p>`;
      return { html, media: [{ blobId: content.file.blobId, path }], quiz: false };
    }
    case 'EMBED':
    case 'PDF_URL':
      return { html: `<p><a href="${xml(content.url)}" target="_blank" rel="noopener noreferrer">${xml(labels.openLink)}</a></p>`, media: [], quiz: false };
    case 'QUIZZ':
    case 'QUIZZ_EXAMEN': {
      const fields = content.questions.map((q, i) => {
        const type = q.multiple ? 'checkbox' : 'radio';
        const options = q.options
          .map((o) => `<label><input type="${type}" name="${xml(q.questionId)}" value="${xml(o.optionId)}"> ${xml(o.text)}</label>`)
          .join('');
        return `<fieldset><legend>${i + 1}. ${xml(q.text)}</legend>${options}</fieldset>`;
      });
      return { html: `<form id="quiz">${fields.join('')}<button type="submit">${xml(labels.submit)}</button></form>`, media: [], quiz: true };
    }
    default:
      return { html: '', media: [], quiz: false };
  }
}

interface Sco {
  chapter: PackageChapter;
  /** The top-level chapter it belongs to. */
  parent: PackageChapter;
}

/** Spec §5: one SCO per sub-chapter that has content; a chapter with content of its own is one too. */
export function classicScos(chapters: PackageChapter[]): Sco[] {
  const tops = chapters.filter((c) => c.parentId === null);
  const out: Sco[] = [];
  for (const top of tops) {
    if (top.content.type !== 'NONE') out.push({ chapter: top, parent: top });
    for (const sub of chapters.filter((c) => c.parentId === top.chapterId)) if (sub.content.type !== 'NONE') out.push({ chapter: sub, parent: top });
  }
  return out;
}

export interface BuiltPackage {
  entries: ZipEntry[];
  contentSha256: string;
  scoCount: number;
}

/** Builds every file of the package; `progress(done, total)` after each SCO. */
export async function buildPackage(
  input: PackageInput,
  loadBlob: BlobLoader,
  progress: (done: number, total: number) => Promise<void> = async () => undefined,
): Promise<BuiltPackage> {
  const sha = contentSha256(input);
  const labels = scoLabels(input.language);
  const entries: ZipEntry[] = [...schemaEntries()];
  const shared = ['shared/scorm-api.js', 'shared/style.css'];
  entries.push({ path: 'shared/scorm-api.js', data: Buffer.from(API_JS) }, { path: 'shared/style.css', data: Buffer.from(STYLE_CSS) });
  const items: ManifestItem[] = [];
  const resources: ManifestResource[] = [];
  let scoCount = 0;
  if (input.type === 'SCORM_LITE') {
    if (!input.embed) throw new Error('A lite package needs the player address');
    shared.push('shared/lite.js');
    entries.push({ path: 'shared/lite.js', data: Buffer.from(LITE_JS) });
    const body = [
      `<h1>${xml(input.title)}</h1>`,
      `<iframe id="player" class="player" title="${xml(labels.playerTitle)}" allow="fullscreen; autoplay" allowfullscreen></iframe>`,
      `<p id="status" role="status"></p><button type="button" id="finish" class="secondary">${xml(labels.finish)}</button>`,
    ].join('\n');
    entries.push({
      path: 'sco/index.html',
      data: Buffer.from(
        page(input.language, input.title, body, { embedUrl: input.embed.url, origin: input.embed.origin, labels }, ['scorm-api.js', 'lite.js']),
      ),
    });
    items.push({ identifier: 'ITEM-1', title: input.title, resource: 'RES-1' });
    resources.push({ identifier: 'RES-1', scormType: 'sco', href: 'sco/index.html', files: ['sco/index.html'], dependencies: ['SHARED'] });
    scoCount = 1;
    await progress(1, 1);
  } else {
    shared.push('shared/full.js');
    entries.push({ path: 'shared/full.js', data: Buffer.from(FULL_JS) });
    const scos = classicScos(input.chapters);
    if (scos.length === 0) throw new Error('This speach has no content to package');
    const media = new Map<string, string>();
    const clusters = new Map<string, ManifestItem>();
    for (const [index, sco] of scos.entries()) {
      const n = index + 1;
      const rendered = contentHtml(sco.chapter.content, labels);
      for (const m of rendered.media) media.set(m.path, m.blobId);
      const nav = input.contentNavigation
        ? `<nav>${n > 1 ? `<button type="button" id="previous" class="secondary">${xml(labels.previous)}</button>` : '<span></span>'}${n < scos.length ? `<button type="button" id="next">${xml(labels.next)}</button>` : ''}</nav>`
        : '';
      const heading = sco.parent === sco.chapter ? xml(sco.chapter.title) : `${xml(sco.parent.title)} — ${xml(sco.chapter.title)}`;
      const body = `<h1>${heading}</h1>\n${rendered.html}\n<p id="status" role="status"></p>\n${nav}`;
      const content = sco.chapter.content;
      const config =
        content.type === 'QUIZZ' || content.type === 'QUIZZ_EXAMEN'
          ? {
              kind: 'quiz',
              passingScore: content.passingScore,
              questions: content.questions.map((q) => ({
                id: q.questionId,
                points: q.points,
                correct: q.options.filter((o) => o.correct).map((o) => o.optionId),
              })),
              labels,
            }
          : { kind: 'content', passingScore: 0, questions: [], labels };
      const path = `sco/${n}.html`;
      entries.push({ path, data: Buffer.from(page(input.language, sco.chapter.title, body, config, ['scorm-api.js', 'full.js'])) });
      const files = [path, ...rendered.media.map((m) => m.path)];
      resources.push({ identifier: `RES-${n}`, scormType: 'sco', href: path, files: [...new Set(files)], dependencies: ['SHARED'] });
      const leaf: ManifestItem = { identifier: `ITEM-${n}`, title: sco.chapter.title, resource: `RES-${n}` };
      if (sco.parent === sco.chapter && !input.chapters.some((c) => c.parentId === sco.chapter.chapterId && c.content.type !== 'NONE')) items.push(leaf);
      else {
        let cluster = clusters.get(sco.parent.chapterId);
        if (!cluster) {
          cluster = { identifier: `CHAPTER-${clusters.size + 1}`, title: sco.parent.title, children: [] };
          clusters.set(sco.parent.chapterId, cluster);
          items.push(cluster);
        }
        cluster.children!.push(leaf);
      }
      await progress(n, scos.length);
    }
    for (const [path, blobId] of [...media.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) entries.push({ path, data: await loadBlob(blobId) });
    scoCount = scos.length;
  }
  resources.push({ identifier: 'SHARED', scormType: 'asset', files: shared.sort() });
  const manifest = manifestXml({
    identifier: `speach-${input.speachId}-v${input.version}-${input.type === 'SCORM_LITE' ? 'lite' : 'full'}`,
    title: input.title,
    language: input.language,
    speachId: input.speachId,
    version: input.version,
    contentSha256: sha,
    contentNavigation: input.type === 'SCORM_FULL' && input.contentNavigation,
    items,
    resources,
  });
  entries.push({ path: 'imsmanifest.xml', data: Buffer.from(manifest) });
  return { entries, contentSha256: sha, scoCount };
}
