/**
 * Module boundaries as ARCHITECTURE.md states them: each table written only by its owning module (db/table-owners.ts),
 * modules reaching each other through services only (no routes, no repositories, no repository passed through a
 * service) and no import cycle between modules. Sources are read with the TypeScript parser; tests may do anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { TABLE_OWNERS } from '../db/table-owners.ts';

const SRC = path.resolve(import.meta.dirname, '..');
const MODULES = path.join(SRC, 'modules');

/** Every non-test TypeScript file under a folder. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

const parsed = new Map<string, ts.SourceFile>();

/** A file's syntax tree (cached: every test reads the same sources), or a tree of `text` for a fake file. */
function parse(file: string, text?: string): ts.SourceFile {
  const tree = (content: string) =>
    ts.createSourceFile(file, content, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  if (text !== undefined) return tree(text);
  const cached = parsed.get(file) ?? tree(fs.readFileSync(file, 'utf8'));
  parsed.set(file, cached);
  return cached;
}

/** Every node of a source file, depth first. */
function nodesOf(source: ts.SourceFile): ts.Node[] {
  const nodes: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    nodes.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return nodes;
}

interface Import {
  target: string;
  typeOnly: boolean;
}

/** The files a source imports or re-exports by relative path (resolved), with whether only types are taken. */
function importsOf(source: ts.SourceFile): Import[] {
  const found: Import[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean) => {
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.'))
      found.push({ target: path.resolve(path.dirname(source.fileName), specifier.text), typeOnly });
  };
  for (const node of nodesOf(source)) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!bindings &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier, onlyTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
  }
  return found;
}

/** The module a path belongs to (its folder under modules/), or null outside modules/. */
function moduleOf(file: string): string | null {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0]!;
}

/** Who owns what a file writes: its module, or outside modules/ its top folder under src (jobs). */
const ownerOf = (file: string) => moduleOf(file) ?? path.relative(SRC, file).split(path.sep)[0]!;

const isRepository = (file: string) => file.endsWith('.repository.ts');
const isRoutes = (file: string) => file.endsWith('.routes.ts');
const show = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** Table name by schema export name (`users` → users, `dealEvents` → deal_events). */
const TABLES = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)]] : [],
  ),
);
const TABLE_NAMES = new Set<string>(TABLES.values());

/**
 * The tables a source writes: drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` on a schema table, and SQL
 * text (string and template literals, interpolated tables included) with INSERT INTO, UPDATE or DELETE FROM.
 * Reads (selects, joins, row locks) are not writes and may touch any table. A table passed in as a parameter
 * (a helper working for its caller) is not resolved here.
 */
function tablesWrittenBy(source: ts.SourceFile): Set<string> {
  const written = new Set<string>();
  /** Local names bound to schema exports: named imports and `* as schema` namespaces. */
  const local = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/\/db\/schema(\/[\w-]+\.ts|\/index\.ts)?$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        local.set(element.name.text, (element.propertyName ?? element.name).text);
  }
  const tableOf = (expression: string): string | undefined => {
    const [first, second] = expression.split('.');
    const exported = second && namespaces.has(first!) ? second : local.get(expression);
    return exported ? TABLES.get(exported) : undefined;
  };
  const sqlWrite =
    /\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{\s*([\w.]+)\s*\}|"?([a-z_][a-z0-9_]*)"?)/gi;
  for (const node of nodesOf(source)) {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const table = tableOf(node.arguments[0]!.getText(source));
      if (table) written.add(table);
    }
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    if (ts.isTemplateExpression(node))
      text =
        node.head.text +
        node.templateSpans
          .map((span) => `\${${span.expression.getText(source)}}${span.literal.text}`)
          .join('');
    for (const match of text?.matchAll(sqlWrite) ?? []) {
      const table = match[1] ? tableOf(match[1]) : match[2]?.toLowerCase();
      if (table && TABLE_NAMES.has(table)) written.add(table);
    }
  }
  return written;
}

/** "<file> writes <table> (owned by <module>)" for each write of a table its owner is not. */
function foreignWrites(file: string, source = parse(file)): string[] {
  return [...tablesWrittenBy(source)]
    .filter((table) => TABLE_OWNERS[table] !== ownerOf(file))
    .map((table) => `${show(file)} writes ${table} (owned by ${TABLE_OWNERS[table] ?? 'nobody'})`);
}

/** The files whose writes are checked: every module source, and repositories outside modules (jobs' leases). */
const writers = () => sources(SRC).filter((file) => moduleOf(file) !== null || isRepository(file));

/** "<file> imports <target>" for an import into another module's routes or repository. */
function crossModuleOffences(file: string, source = parse(file)): string[] {
  const from = moduleOf(file);
  return importsOf(source)
    .filter(({ target }) => {
      const to = moduleOf(target);
      return to !== null && to !== from && (isRepository(target) || isRoutes(target));
    })
    .map(({ target }) => `${show(file)} imports ${show(target)}`);
}

/**
 * A source that hands its repository to its callers: `export … from './x.repository.ts'`, a named repository
 * import exported again (`export { f }`) or put in an object (`{ f }`, `{ g: f }`), or the namespace
 * (`import * as repo`) used as a value other than `repo.member`, or `repo.member` put in an object uncalled.
 */
function repositoryPassThroughs(file: string, source = parse(file)): string[] {
  if (isRepository(file)) return [];
  const offences: string[] = [];
  const named = new Set<string>();
  const namespaces = new Set<string>();
  const resolve = (specifier: ts.Expression) =>
    ts.isStringLiteral(specifier) && specifier.text.startsWith('.')
      ? path.resolve(path.dirname(file), specifier.text)
      : '';
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (isRepository(resolve(statement.moduleSpecifier)))
        offences.push(`${show(file)} re-exports ${statement.moduleSpecifier.getText(source)}`);
    }
    if (!ts.isImportDeclaration(statement) || !isRepository(resolve(statement.moduleSpecifier))) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) if (!element.isTypeOnly) named.add(element.name.text);
  }
  const at = (node: ts.Node) =>
    `${show(file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  for (const node of nodesOf(source)) {
    if (ts.isExportSpecifier(node) && !node.parent.parent.moduleSpecifier) {
      const name = (node.propertyName ?? node.name).getText(source);
      if (named.has(name) || namespaces.has(name)) offences.push(`${at(node)} exports repository ${name}`);
    }
    if (ts.isShorthandPropertyAssignment(node) && named.has(node.name.text))
      offences.push(`${at(node)} passes repository ${node.name.text} on`);
    if (ts.isPropertyAssignment(node) || ts.isSpreadAssignment(node)) {
      const value = ts.isPropertyAssignment(node) ? node.initializer : node.expression;
      const text = value.getText(source);
      const [first] = text.split('.');
      if (named.has(text) || (ts.isPropertyAccessExpression(value) && namespaces.has(first!)))
        offences.push(`${at(node)} passes repository ${text} on`);
    }
    if (ts.isIdentifier(node) && namespaces.has(node.text)) {
      const parent = node.parent;
      const member = ts.isPropertyAccessExpression(parent) && parent.expression === node;
      // A property or member that merely has the namespace's name (`reserves: …`, `x.reserves`).
      const sameName =
        (parent as { name?: ts.Node }).name === node && !ts.isShorthandPropertyAssignment(parent);
      const declaration = ts.isNamespaceImport(parent);
      const inType = ts.isQualifiedName(parent) || ts.isTypeQueryNode(parent);
      if (!member && !sameName && !declaration && !inType && !ts.isExportSpecifier(parent))
        offences.push(`${at(node)} uses repository ${node.text} as a value`);
    }
  }
  return offences;
}

/**
 * The module graph: an edge a → b when a file of module a imports a file of module b. Type-only imports count:
 * a module that names another's types changes when they change and cannot be read without it, and a cycle kept
 * type-only by the wiring in context.ts is still a cycle for the reader; only the runtime load order ignores it.
 */
function moduleGraph(files: { file: string; source: ts.SourceFile }[]): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const { file, source } of files) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const { target, typeOnly } of importsOf(source)) {
      const to = moduleOf(target);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [
        ...(edges.get(to) ?? []),
        `${show(file)} → ${show(target)}${typeOnly ? ' (types)' : ''}`,
      ]);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one module (Tarjan), each sorted, sorted by their first. */
function cyclesOf(graph: Map<string, Map<string, string[]>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The edges inside each group, for the failure message. */
const edgesWithin = (graph: Map<string, Map<string, string[]>>, group: string[]) =>
  group.flatMap((from) => group.flatMap((to) => graph.get(from)?.get(to) ?? []));

const fake = (relative: string, text: string) => ({
  file: path.join(SRC, relative),
  source: parse(path.join(SRC, relative), text),
});

describe('table ownership', () => {
  it('gives every table of the schema exactly one owner that exists', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...TABLE_NAMES].sort());
    const folders = new Set(
      fs.readdirSync(SRC, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [e.name] : [])),
    );
    const modules = new Set(
      fs.readdirSync(MODULES, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [e.name] : [])),
    );
    const unknown = Object.entries(TABLE_OWNERS).filter(
      ([, owner]) => !modules.has(owner) && !folders.has(owner),
    );
    expect(unknown).toEqual([]);
  });

  it('lets a module write only the tables it owns (other tables only through the owner’s service)', () => {
    const offences = writers().flatMap((file) => foreignWrites(file));
    expect(offences).toEqual([]);
  });

  it('sees a foreign write in drizzle calls and in SQL text (the scan itself works)', () => {
    const { file, source } = fake(
      'modules/rating/fake.repository.ts',
      [
        "import { paymentMethods, ratingEvents, users as people } from '../../db/schema/index.ts';",
        'export const a = (tx) => tx.update(people).set({ rating: 1 });',
        'export const b = (tx) => tx.insert(ratingEvents).values({});',
        `export const c = (tx) => tx.execute(sql\`with x as (update \${paymentMethods} set rating = 1) select 1\`);`,
        `export const d = (tx) => tx.execute(sql\`delete from dispute_files where id = \${'x'}\`);`,
        "export const e = (tx) => tx.select().from(people).for('update');",
      ].join('\n'),
    );
    expect(foreignWrites(file, source)).toEqual([
      'modules/rating/fake.repository.ts writes users (owned by users)',
      'modules/rating/fake.repository.ts writes payment_methods (owned by payments)',
      'modules/rating/fake.repository.ts writes dispute_files (owned by disputes)',
    ]);
  });
});

describe('imports between modules', () => {
  it('reach another module through its service, never its routes or repository', () => {
    const offences = sources(MODULES).flatMap((file) => crossModuleOffences(file));
    expect(offences).toEqual([]);
  });

  it('outside callers (CLI, jobs, workers, app wiring) reach modules through their services', () => {
    const outside = sources(SRC).filter((file) => moduleOf(file) === null);
    const offences = outside.flatMap((file) =>
      importsOf(parse(file))
        .filter(({ target }) => moduleOf(target) !== null && isRepository(target))
        .map(({ target }) => `${show(file)} imports ${show(target)}`),
    );
    expect(offences).toEqual([]);
  });

  it('sees an import of another module’s routes or repository (the scan itself works)', () => {
    const { file, source } = fake(
      'modules/rating/fake.service.ts',
      [
        "import * as repo from './rating.repository.ts';",
        "import { usersRoutes } from '../users/users.routes.ts';",
        "import type { DealRow } from '../orders/orders.repository.ts';",
        "const later = () => import('../payments/payments.repository.ts');",
      ].join('\n'),
    );
    expect(crossModuleOffences(file, source)).toEqual([
      'modules/rating/fake.service.ts imports modules/users/users.routes.ts',
      'modules/rating/fake.service.ts imports modules/orders/orders.repository.ts',
      'modules/rating/fake.service.ts imports modules/payments/payments.repository.ts',
    ]);
  });

  it('no service hands its repository on (re-export, namespace as a value, functions in its face)', () => {
    const offences = sources(SRC).flatMap((file) => repositoryPassThroughs(file));
    expect(offences).toEqual([]);
  });

  it('sees a repository handed on (the scan itself works)', () => {
    const { file, source } = fake(
      'modules/rating/fake.service.ts',
      [
        "export { findById } from './a.repository.ts';",
        "export * from './b.repository.ts';",
        "import * as repo from './c.repository.ts';",
        "import { find, type Row } from './d.repository.ts';",
        'export { find };',
        'export const face = { find, get: repo.get, ...repo };',
        'export const whole = () => repo;',
        'export const fine = (row: repo.Row, other: Row) => repo.get(row.id, repo.LIMIT);',
      ].join('\n'),
    );
    expect(repositoryPassThroughs(file, source)).toEqual([
      "modules/rating/fake.service.ts re-exports './a.repository.ts'",
      "modules/rating/fake.service.ts re-exports './b.repository.ts'",
      'modules/rating/fake.service.ts:5 exports repository find',
      'modules/rating/fake.service.ts:6 passes repository find on',
      'modules/rating/fake.service.ts:6 passes repository repo.get on',
      'modules/rating/fake.service.ts:6 uses repository repo as a value',
      'modules/rating/fake.service.ts:7 uses repository repo as a value',
    ]);
  });
});

describe('module graph', () => {
  it('has no import cycle between modules (a service names what it needs of a caller as its own interface)', () => {
    const graph = moduleGraph(sources(MODULES).map((file) => ({ file, source: parse(file) })));
    const cycles = cyclesOf(graph);
    expect(cycles.map((group) => ({ group, edges: edgesWithin(graph, group) }))).toEqual([]);
  });

  it('sees a cycle, type-only imports included (the scan itself works)', () => {
    const graph = moduleGraph([
      fake('modules/a/a.service.ts', "import type { B } from '../b/b.service.ts';"),
      fake('modules/b/b.service.ts', "import { c } from '../c/c.ts';"),
      fake('modules/c/c.ts', "export type { A } from '../a/a.service.ts';"),
      fake('modules/d/d.service.ts', "import { a } from '../a/a.service.ts';"),
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });
});

describe('module files', () => {
  /** Offences of one source file: over 450 lines, or no comment before its first statement (its use cases). */
  function fileOffences(name: string, text: string): string[] {
    const offences: string[] = [];
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > 450) offences.push(`${name} has ${lines} lines (at most 450)`);
    if (!/^(\/\*\*?|\/\/)/.test(text.trimStart()))
      offences.push(`${name} opens without a comment naming its use cases`);
    return offences;
  }

  it('are at most 450 lines and open with a comment that names their use cases', () => {
    const offences = sources(MODULES).flatMap((file) =>
      fileOffences(show(file), fs.readFileSync(file, 'utf8')),
    );
    expect(offences).toEqual([]);
  });

  it('use the one helper of each concern instead of a copy of its own (ARCHITECTURE.md, rules)', () => {
    const copies: Array<{ copy: RegExp; home: string }> = [
      { copy: /\[0-9a-f\]\{8\}-/, home: path.join('lib', 'uuid.ts') },
      { copy: /as unknown as \{ rows/, home: path.join('db', 'rows.ts') },
      { copy: /Buffer\.from\([^)]*, 'base64url'\)\.toString\(/, home: path.join('lib', 'cursor.ts') },
    ];
    const offences = sources(SRC).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return copies
        .filter(({ copy, home }) => !file.endsWith(home) && copy.test(text))
        .map(({ home }) => `${show(file)} has its own copy of ${home}`);
    });
    expect(offences).toEqual([]);
  });

  it('sees a long file and a file without its first comment (the check itself works)', () => {
    expect(fileOffences('a.ts', `/** Use case: a. */\n${'x;\n'.repeat(450)}`)).toEqual([
      'a.ts has 451 lines (at most 450)',
    ]);
    expect(fileOffences('b.ts', "import x from 'x';\n/** later */\n")).toEqual([
      'b.ts opens without a comment naming its use cases',
    ]);
  });
});
