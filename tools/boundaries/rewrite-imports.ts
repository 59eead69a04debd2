/**
 * Codemod (issue 24): every relative import that reaches into another bounded context's internals is rewritten to
 * import from that context's folder (its index.ts), merged with an existing import of the same face, and the names
 * it needs are added to the face. Idempotent: a second run changes nothing. Meant to be re-run after merges:
 *
 *   node -r ./test/support/swc-register.js tools/boundaries/rewrite-imports.ts [--check]
 *
 * `--check` writes nothing and exits 1 when a rewrite is due. What it cannot rewrite (default, namespace and
 * side-effect imports, `export *`, dynamic imports, a name the face already exports from elsewhere) is listed at
 * the end, with exit code 2, for a hand edit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

const { classify, isFace, violation, normalise } = require('./layers.cjs') as {
  classify: (path: string) => { layer: string; folder?: string | null };
  isFace: (path: string) => boolean;
  violation: (from: string, to: string) => string | null;
  normalise: (path: string) => string;
};

const ROOT = resolve(__dirname, '..', '..');
const repoPath = (absolute: string) => normalise(relative(ROOT, absolute));

/** A name imported or re-exported: `name as alias`, type-only or not. */
interface Binding {
  name: string;
  alias?: string;
  isType: boolean;
}

/** A face export the codemod adds: `export { name } from './module'` in backend/<context>/index.ts. */
interface FaceExport {
  name: string;
  module: string;
  isType: boolean;
}

function sources(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names, or undefined when it names none of ours. */
function resolveFile(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [base + '.ts', join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The repository path (no extension) a specifier reaches, a folder being its index. */
function targetPath(fromFile: string, specifier: string): string {
  const file = resolveFile(fromFile, specifier);
  return file ? repoPath(file) : repoPath(resolve(dirname(fromFile), specifier));
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

const hasExport = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/**
 * Where an exported name is declared (file and local name) and whether it is only a type, following re-exports,
 * so two faces' paths to one declaration are recognised as the same export.
 */
function origin(file: string, name: string, seen = new Set<string>()): { file: string; name: string; isType: boolean } | undefined {
  const key = `${file}#${name}`;
  if (seen.has(key)) return undefined;
  seen.add(key);
  const source = parse(file);
  const starTargets: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      if (!statement.exportClause) {
        if (specifier) starTargets.push(specifier);
        continue;
      }
      if (!ts.isNamedExports(statement.exportClause)) continue;
      for (const element of statement.exportClause.elements) {
        if (element.name.text !== name) continue;
        const local = element.propertyName?.text ?? element.name.text;
        const typeOnly = statement.isTypeOnly || element.isTypeOnly;
        const next = specifier?.startsWith('.') ? resolveFile(file, specifier) : undefined;
        if (next) {
          const found = origin(next, local, seen);
          return found ? { ...found, isType: found.isType || typeOnly } : { file: next, name: local, isType: typeOnly };
        }
        const imported = importedFrom(source, file, local);
        if (imported) return origin(imported.file, imported.name, seen) ?? { ...imported, isType: typeOnly };
        return { file, name: local, isType: typeOnly || isTypeDeclaration(source, local) };
      }
      continue;
    }
    if (!hasExport(statement)) continue;
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) {
      if (statement.name.text === name) return { file, name, isType: true };
    } else if (ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement) || ts.isEnumDeclaration(statement)) {
      if (statement.name?.text === name) return { file, name, isType: false };
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return { file, name, isType: false };
      }
    } else if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name) && statement.name.text === name) {
      return { file, name, isType: false };
    }
  }
  for (const specifier of starTargets) {
    const next = specifier.startsWith('.') ? resolveFile(file, specifier) : undefined;
    const found = next && origin(next, name, seen);
    if (found) return found;
  }
  return undefined;
}

function importedFrom(source: ts.SourceFile, file: string, local: string): { file: string; name: string } | undefined {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if (element.name.text !== local) continue;
      const next = statement.moduleSpecifier.text.startsWith('.') ? resolveFile(file, statement.moduleSpecifier.text) : undefined;
      return next ? { file: next, name: element.propertyName?.text ?? local } : undefined;
    }
  }
  return undefined;
}

function isTypeDeclaration(source: ts.SourceFile, name: string): boolean {
  return source.statements.some((s) => (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name.text === name);
}

/** What a context's index.ts exports today, by exported name, and the export lines the run adds to it. */
class Face {
  readonly file: string;
  readonly added: FaceExport[] = [];
  private existing = new Map<string, { file: string; name: string } | undefined>();

  constructor(readonly context: string) {
    this.file = join(ROOT, 'backend', context, 'index.ts');
    if (existsSync(this.file)) this.readExports();
  }

  private readExports(): void {
    for (const statement of parse(this.file).statements) {
      if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) this.existing.set(element.name.text, origin(this.file, element.name.text));
      } else if (hasExport(statement)) {
        const named = (statement as { name?: ts.Identifier }).name;
        if (named && ts.isIdentifier(named)) this.existing.set(named.text, { file: this.file, name: named.text });
        if (ts.isVariableStatement(statement)) {
          for (const d of statement.declarationList.declarations)
            if (ts.isIdentifier(d.name)) this.existing.set(d.name.text, { file: this.file, name: d.name.text });
        }
      }
    }
  }

  exports(name: string): boolean {
    return this.existing.has(name);
  }

  /**
   * Makes the face export `name` as `module` (a file of the context) declares it. Returns an error when the face
   * already exports another declaration under that name.
   */
  require(name: string, moduleFile: string): string | undefined {
    const wanted = origin(moduleFile, name) ?? { file: moduleFile, name, isType: false };
    if (this.existing.has(name)) {
      const have = this.existing.get(name);
      if (have && have.file === wanted.file && have.name === wanted.name) return undefined;
      if (!have) return undefined;
      return `backend/${this.context}/index.ts already exports ${name} from ${repoPath(have.file)}, not ${repoPath(wanted.file)}`;
    }
    this.existing.set(name, { file: wanted.file, name: wanted.name });
    const module = './' + normalise(relative(dirname(this.file), moduleFile));
    this.added.push({ name, module, isType: wanted.isType });
    return undefined;
  }

  /** The face's new text: added names merged into an existing `export { … } from` of the same module, else new lines. */
  render(base?: string): string | undefined {
    if (this.added.length === 0) return undefined;
    let text =
      base !== undefined
        ? base
        : existsSync(this.file)
          ? readFileSync(this.file, 'utf8')
          : `/** The ${this.context} context's public face: the only module other contexts, the seed and the app module import. */\n`;
    const byModule = new Map<string, FaceExport[]>();
    for (const e of this.added) byModule.set(e.module, [...(byModule.get(e.module) ?? []), e]);
    const source = ts.createSourceFile(this.file, text, ts.ScriptTarget.Latest, true);
    const edits: { start: number; end: number; text: string }[] = [];
    const appended: string[] = [];
    for (const [module, exports] of byModule) {
      const current = source.statements.find(
        (s): s is ts.ExportDeclaration =>
          ts.isExportDeclaration(s) &&
          !s.isTypeOnly &&
          !!s.exportClause &&
          ts.isNamedExports(s.exportClause) &&
          !!s.moduleSpecifier &&
          ts.isStringLiteral(s.moduleSpecifier) &&
          normalise(s.moduleSpecifier.text) === module,
      );
      const names = exports.map((e) => (e.isType ? `type ${e.name}` : e.name));
      if (current && current.exportClause && ts.isNamedExports(current.exportClause)) {
        const kept = current.exportClause.elements.map((el) => el.getText(source));
        edits.push({ start: current.getStart(source), end: current.end, text: `export { ${[...kept, ...names].join(', ')} } from '${module}';` });
      } else {
        appended.push(`export { ${names.join(', ')} } from '${module}';`);
      }
    }
    for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
    if (appended.length) text = text.replace(/\n*$/, '\n') + appended.join('\n') + '\n';
    return text;
  }
}

interface Rewrite {
  statement: ts.ImportDeclaration | ts.ExportDeclaration;
  face: string;
  bindings: Binding[];
}

function bindingsOf(statement: ts.ImportDeclaration | ts.ExportDeclaration): Binding[] | string {
  if (ts.isExportDeclaration(statement)) {
    if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) return '`export *` of an internal';
    return statement.exportClause.elements.map((e) => ({
      name: e.propertyName?.text ?? e.name.text,
      alias: e.propertyName ? e.name.text : undefined,
      isType: statement.isTypeOnly || e.isTypeOnly,
    }));
  }
  const clause = statement.importClause;
  if (!clause) return 'a side-effect import';
  if (clause.name) return 'a default import';
  if (!clause.namedBindings) return 'an import without names';
  if (ts.isNamespaceImport(clause.namedBindings)) return 'a namespace import';
  return clause.namedBindings.elements.map((e) => ({
    name: e.propertyName?.text ?? e.name.text,
    alias: e.propertyName ? e.name.text : undefined,
    isType: clause.isTypeOnly || e.isTypeOnly,
  }));
}

const renderBinding = (b: Binding, allTypes: boolean) => `${b.isType && !allTypes ? 'type ' : ''}${b.name}${b.alias ? ` as ${b.alias}` : ''}`;

function renderStatement(kind: 'import' | 'export', bindings: Binding[], specifier: string): string {
  const unique = new Map<string, Binding>();
  for (const b of bindings) {
    const key = `${b.name}|${b.alias ?? ''}`;
    const prior = unique.get(key);
    unique.set(key, prior ? { ...b, isType: prior.isType && b.isType } : b);
  }
  const list = [...unique.values()];
  const allTypes = list.every((b) => b.isType);
  return `${kind}${allTypes ? ' type' : ''} { ${list.map((b) => renderBinding(b, allTypes)).join(', ')} } from '${specifier}';`;
}

/** The context files declaring each exported name (for names imported from a face that does not export them yet). */
const declarations = new Map<string, Map<string, string[]>>();
function declaringFiles(context: string, name: string): string[] {
  if (!declarations.has(context)) {
    const byName = new Map<string, string[]>();
    for (const file of sources(join(ROOT, 'backend', context))) {
      if (file.endsWith('.spec.ts') || file.endsWith('index.ts')) continue;
      for (const statement of parse(file).statements) {
        if (!hasExport(statement) || ts.isExportDeclaration(statement)) continue;
        const names = ts.isVariableStatement(statement)
          ? statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []))
          : [(statement as { name?: ts.Identifier }).name?.text].filter((n): n is string => !!n);
        for (const n of names) byName.set(n, [...(byName.get(n) ?? []), file]);
      }
    }
    declarations.set(context, byName);
  }
  return declarations.get(context)!.get(name) ?? [];
}

/** Adds to a face the names a file imports from it that it does not export yet, when one file of the context declares them. */
function exportsMissingFrom(target: Face, bindings: Binding[] | string): string | undefined {
  if (typeof bindings === 'string') return undefined;
  const problems: string[] = [];
  for (const b of bindings) {
    if (target.exports(b.name)) continue;
    const files = declaringFiles(target.context, b.name);
    if (files.length !== 1) {
      problems.push(
        `${b.name} is not exported by backend/${target.context}/index.ts (${files.length ? 'declared in ' + files.map(repoPath).join(', ') : 'declared nowhere'})`,
      );
      continue;
    }
    const error = target.require(b.name, files[0]);
    if (error) problems.push(error);
  }
  return problems.length ? problems.join('; ') : undefined;
}

function main(): void {
  const check = process.argv.includes('--check');
  const faces = new Map<string, Face>();
  const face = (context: string) => faces.get(context) ?? faces.set(context, new Face(context)).get(context)!;
  const manual: string[] = [];
  const changed = new Map<string, string>();

  for (const file of sources(join(ROOT, 'backend')).sort()) {
    const from = repoPath(file);
    const source = parse(file);
    const rewrites: Rewrite[] = [];
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const spec = statement.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
      const to = targetPath(file, spec.text);
      const target = classify(to);
      const reason = violation(from, to);
      if (!reason && target.layer === 'context' && isFace(to) && target.folder !== classify(from).folder) {
        const missing = exportsMissingFrom(face(target.folder!), bindingsOf(statement));
        if (missing) manual.push(`${from}.ts: ${missing}`);
        continue;
      }
      if (!reason) continue;
      const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
      if (target.layer !== 'context' || isFace(to)) {
        manual.push(`${from}.ts:${line}: ${reason}`);
        continue;
      }
      const bindings = bindingsOf(statement);
      if (typeof bindings === 'string') {
        manual.push(`${from}.ts:${line}: ${bindings} of ${to}`);
        continue;
      }
      const moduleFile = resolveFile(file, spec.text);
      if (!moduleFile) {
        manual.push(`${from}.ts:${line}: cannot resolve ${spec.text}`);
        continue;
      }
      const conflicts = bindings.map((b) => face(target.folder!).require(b.name, moduleFile)).filter((e): e is string => !!e);
      if (conflicts.length) {
        manual.push(`${from}.ts:${line}: ${conflicts.join('; ')}`);
        continue;
      }
      rewrites.push({ statement, face: target.folder!, bindings });
    }
    const text = rewriteFile(file, source, rewrites);
    if (text !== undefined) changed.set(file, text);
  }

  for (const f of faces.values()) {
    const text = f.render(changed.get(f.file));
    if (text !== undefined) changed.set(f.file, text);
  }
  for (const entry of readdirSync(join(ROOT, 'backend'), { withFileTypes: true })) {
    const index = join(ROOT, 'backend', entry.name, 'index.ts');
    if (!entry.isDirectory() || classify(`backend/${entry.name}/index`).layer !== 'context') continue;
    const current = changed.get(index) ?? (existsSync(index) ? readFileSync(index, 'utf8') : undefined);
    const ordered = current === undefined ? undefined : leavesFirst(index, current);
    if (ordered !== undefined && ordered !== current) changed.set(index, ordered);
  }

  for (const file of [...changed.keys()].sort()) console.log(`${check ? 'would rewrite' : 'rewrote'} ${repoPath(file)}.ts`);
  if (!check && changed.size) {
    for (const [file, text] of changed) writeFileSync(file, text);
    // Twice: Prettier settles a few files only on its second pass.
    const prettier = join(ROOT, 'node_modules', '.bin', 'prettier');
    for (let pass = 0; pass < 2; pass++) execFileSync(prettier, ['--write', '--log-level', 'warn', ...changed.keys()], { cwd: ROOT, stdio: 'inherit' });
  }
  manual.push(...remaining());
  if (manual.length) {
    console.log(`\n${manual.length} import(s) need a hand edit:`);
    for (const line of manual) console.log('  ' + line);
  }
  if (check && changed.size) process.exit(1);
  if (manual.length) process.exit(2);
}

/**
 * How deep a file sits in its context's own runtime import graph (type-only imports vanish at run time): a leaf
 * (decorators, deciders, constants) is 0, the Nest module that imports everything is the deepest.
 */
function depth(file: string, context: string, memo = new Map<string, number>(), visiting = new Set<string>()): number {
  if (memo.has(file)) return memo.get(file)!;
  if (visiting.has(file)) return 0;
  visiting.add(file);
  let deepest = 0;
  for (const statement of parse(file).statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    if (ts.isImportDeclaration(statement) ? statement.importClause?.isTypeOnly : statement.isTypeOnly) continue;
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    const next = resolveFile(file, spec.text);
    if (!next || classify(repoPath(next)).folder !== context || isFace(repoPath(next))) continue;
    deepest = Math.max(deepest, depth(next, context, memo, visiting) + 1);
  }
  visiting.delete(file);
  memo.set(file, deepest);
  return deepest;
}

/** The runtime imports of a file (type-only ones vanish when compiled). */
function runtimeImports(file: string): string[] {
  const out: string[] = [];
  for (const statement of parse(file).statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    if (ts.isImportDeclaration(statement) ? statement.importClause?.isTypeOnly : statement.isTypeOnly) continue;
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)) continue;
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    const next = resolveFile(file, spec.text);
    if (next) out.push(next);
  }
  return out;
}

/** Whether loading a file loads another context (a runtime import of another face, itself or through its context's files). */
function reachesOut(file: string, context: string, memo = new Map<string, boolean>()): boolean {
  if (memo.has(file)) return memo.get(file)!;
  memo.set(file, false);
  const result = runtimeImports(file).some((next) => {
    const target = classify(repoPath(next));
    if (target.layer === 'context' && target.folder !== context) return true;
    return target.folder === context && !isFace(repoPath(next)) && reachesOut(next, context, memo);
  });
  memo.set(file, result);
  return result;
}

/**
 * A face's exports ordered leaves first: first what loads no other context, then the rest, each by depth. Under CommonJS a face is loaded top to bottom; when a cycle between two
 * contexts comes back into a face half-way, what that face has already loaded (the decorators, the deciders) is
 * what the other context can use while defining its classes, so the Nest module, which pulls in everything, is last.
 */
function leavesFirst(index: string, text: string): string {
  const source = ts.createSourceFile(index, text, ts.ScriptTarget.Latest, true);
  const statements = [...source.statements];
  if (statements.length < 2 || !statements.every((s) => ts.isExportDeclaration(s))) return text;
  const context = classify(repoPath(index)).folder!;
  const weight = (s: ts.Statement) => {
    const spec = (s as ts.ExportDeclaration).moduleSpecifier;
    if ((s as ts.ExportDeclaration).isTypeOnly || !spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) return -1;
    const clause = (s as ts.ExportDeclaration).exportClause;
    if (clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly)) return -1;
    const file = resolveFile(index, spec.text);
    return file && classify(repoPath(file)).folder === context ? (reachesOut(file, context) ? 1000 : 0) + depth(file, context) : -1;
  };
  const header = text.slice(0, statements[0].getStart(source));
  const pieces = statements.map((s, i) => ({
    weight: weight(s),
    i,
    text: i === 0 ? s.getText(source) : text.slice(s.getFullStart(), s.end).replace(/^\n+/, ''),
  }));
  const sorted = [...pieces].sort((a, b) => a.weight - b.weight || a.i - b.i);
  return header + sorted.map((p) => p.text).join('\n') + '\n';
}

function rewriteFile(file: string, source: ts.SourceFile, rewrites: Rewrite[]): string | undefined {
  if (rewrites.length === 0) return undefined;
  const edits: { start: number; end: number; text: string }[] = [];
  const byFace = new Map<string, Rewrite[]>();
  for (const r of rewrites) {
    const key = `${ts.isImportDeclaration(r.statement) ? 'import' : 'export'}:${r.face}`;
    byFace.set(key, [...(byFace.get(key) ?? []), r]);
  }
  for (const [key, group] of byFace) {
    const [kind, context] = key.split(':') as ['import' | 'export', string];
    let specifier = normalise(relative(dirname(file), join(ROOT, 'backend', context)));
    if (!specifier.startsWith('.')) specifier = './' + specifier;
    const existing = source.statements.find((s): s is ts.ImportDeclaration | ts.ExportDeclaration => {
      if (!ts.isImportDeclaration(s) && !ts.isExportDeclaration(s)) return false;
      if (kind === 'import' ? !ts.isImportDeclaration(s) : !ts.isExportDeclaration(s)) return false;
      const spec = s.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) return false;
      const to = targetPath(file, spec.text);
      if (!isFace(to) || classify(to).folder !== context) return false;
      return typeof bindingsOf(s) !== 'string';
    });
    const bindings = [...(existing ? (bindingsOf(existing) as Binding[]) : []), ...group.flatMap((r) => r.bindings)];
    const anchor = existing ?? group[0].statement;
    edits.push({ start: anchor.getStart(source), end: anchor.end, text: renderStatement(kind, bindings, specifier) });
    for (const r of group) if (r.statement !== anchor) edits.push({ start: r.statement.getFullStart(), end: r.statement.end, text: '' });
  }
  let text = source.getFullText();
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return text;
}

/** Imports the AST pass does not see (dynamic imports, requires, `import()` types) that still cross a boundary. */
function remaining(): string[] {
  const out: string[] = [];
  const patterns = [/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g, /\brequire\(\s*['"](\.[^'"]+)['"]\s*\)/g];
  for (const file of sources(join(ROOT, 'backend'))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const to = targetPath(file, match[1]);
        const reason = violation(repoPath(file), to);
        if (reason) out.push(`${repoPath(file)}.ts: ${match[0]}: ${reason}`);
      }
    }
  }
  return out;
}

main();
