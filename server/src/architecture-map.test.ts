// Keeps ARCHITECTURE.md a true map (issue 26): its tree against the folders, the files its use-case table and rules
// name against the files on disk, its line length, and its links to the decision records in docs/decisions/.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAP = path.join(ROOT, 'ARCHITECTURE.md');
const DECISIONS = 'docs/decisions';
const MAX_LINE = 160;

/** Folders each of whose subfolders the tree must name, one line each. */
const LISTED = ['server/src', 'server/src/modules', 'shared/src', 'web/src/features'];

/** Where a path of the use-case table starts when it does not start with a workspace. */
const TABLE_BASE = 'server/src/modules';
const WORKSPACES = ['server/', 'shared/', 'web/', 'e2e/', 'docs/', 'scripts/', 'bench/', 'deploy/'];

const FILE_PATH = /^[\w.][\w./-]*\.(?:ts|tsx|mjs|md|json|css)$/;
const TABLE_PATH = /^[\w.][\w./-]*(?:\.(?:ts|tsx|mjs|md)|\/)$/;

const isDirectory = (relative: string) =>
  fs.statSync(path.join(ROOT, relative), { throwIfNoEntry: false })?.isDirectory();
const exists = (relative: string) => fs.existsSync(path.join(ROOT, relative));
const subfolders = (relative: string) =>
  fs
    .readdirSync(path.join(ROOT, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${relative}/${entry.name}/`);

/** The lines of a `## title` section, up to the next `## ` heading. */
function section(lines: string[], title: string): string[] {
  const start = lines.findIndex((line) => line.startsWith(`## ${title}`));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The lines of the first fenced block in some lines. */
function firstFence(lines: string[]): string[] {
  const open = lines.findIndex((line) => line.startsWith('```'));
  if (open < 0) return [];
  const close = lines.findIndex((line, index) => index > open && line.startsWith('```'));
  return lines.slice(open + 1, close < 0 ? undefined : close);
}

const backticked = (line: string) => [...line.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);

/** Everything in a map that is not true of the repository, one sentence each; none for a true map. */
function offences(markdown: string): string[] {
  const found: string[] = [];
  const lines = markdown.split('\n');
  lines.forEach((line, index) => {
    if (line.length > MAX_LINE)
      found.push(`line ${index + 1} has ${line.length} characters (at most ${MAX_LINE})`);
  });

  const named = new Set<string>();
  for (const line of firstFence(section(lines, 'Tree'))) {
    const token = line.split(/\s+/)[0];
    if (!token) continue;
    const relative = token === './' ? '.' : token;
    named.add(relative);
    if (relative.endsWith('/') ? !isDirectory(relative) : !fs.existsSync(path.join(ROOT, relative)))
      found.push(`the tree names ${token}, which does not exist`);
  }
  for (const listed of LISTED) {
    for (const folder of [`${listed}/`, ...subfolders(listed)]) {
      if (!named.has(folder)) found.push(`the tree has no line for ${folder}`);
    }
  }

  for (const line of section(lines, 'Use cases').filter((text) => text.startsWith('|'))) {
    for (const token of backticked(line).filter((text) => TABLE_PATH.test(text))) {
      const relative = WORKSPACES.some((root) => token.startsWith(root)) ? token : `${TABLE_BASE}/${token}`;
      if (!exists(relative.replace(/\/$/, '')))
        found.push(`the use-case table names ${relative}, which does not exist`);
    }
  }
  const modules = new Set(subfolders(TABLE_BASE).map((folder) => folder.split('/').at(-2)));
  for (const token of lines.flatMap(backticked).filter((text) => FILE_PATH.test(text))) {
    const relative = WORKSPACES.some((root) => token.startsWith(root))
      ? token
      : modules.has(token.split('/')[0]) && token.includes('/')
        ? `${TABLE_BASE}/${token}`
        : null;
    if (relative && !exists(relative)) found.push(`the map names ${relative}, which does not exist`);
  }

  const linked = new Set<string>();
  for (const match of markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    const target = match[1]!;
    if (/^[a-z]+:/.test(target)) continue;
    const relative = path.normalize(target);
    linked.add(relative);
    if (!fs.existsSync(path.join(ROOT, relative)))
      found.push(`the map links ${target}, which does not exist`);
  }
  for (const record of fs.readdirSync(path.join(ROOT, DECISIONS))) {
    if (!linked.has(`${DECISIONS}/${record}`)) found.push(`the map does not link ${DECISIONS}/${record}`);
  }
  return found;
}

describe('ARCHITECTURE.md as a map', () => {
  it('names every folder, only existing folders and files, links every decision record, no line over 160', () => {
    expect(offences(fs.readFileSync(MAP, 'utf8'))).toEqual([]);
  });

  it('sees an offence: a missing folder, a folder or file that is not there, a long line, a missing record', () => {
    const map = [
      '# Architecture',
      '## Tree',
      '```',
      'server/src/             the server',
      'server/src/nowhere/     no such folder',
      '```',
      '## Use cases',
      '| use case | route | code | tables |',
      '| Sign in | `POST /account/user/login/` | `auth/auth.routes.ts` → `auth/missing.service.ts` | sessions |',
      `${'x'.repeat(MAX_LINE + 1)}`,
      '## Rules',
      '- Money: see [0001](docs/decisions/9999-missing.md), `server/src/gone.ts` and `ledger/gone.service.ts`.',
    ].join('\n');
    const found = offences(map);
    expect(found).toContain('the tree names server/src/nowhere/, which does not exist');
    expect(found).toContain('the tree has no line for server/src/modules/');
    expect(found).toContain('the tree has no line for server/src/modules/orders/');
    expect(found).toContain('the tree has no line for web/src/features/payer/');
    expect(found).toContain('the tree has no line for shared/src/deals/');
    expect(found).toContain(
      'the use-case table names server/src/modules/auth/missing.service.ts, which does not exist',
    );
    expect(found).not.toContain(
      'the use-case table names server/src/modules/auth/auth.routes.ts, which does not exist',
    );
    expect(found).toContain(`line 10 has ${MAX_LINE + 1} characters (at most ${MAX_LINE})`);
    expect(found).toContain('the map links docs/decisions/9999-missing.md, which does not exist');
    expect(found).toContain('the map names server/src/gone.ts, which does not exist');
    expect(found).toContain('the map names server/src/modules/ledger/gone.service.ts, which does not exist');
    expect(found).toContain('the map does not link docs/decisions/0001-ledger-and-money-units.md');
  });

  it('reads each decision record: NNNN-title.md, Context, Decision, Consequences, short lines, links that resolve', () => {
    for (const record of fs.readdirSync(path.join(ROOT, DECISIONS))) {
      const text = fs.readFileSync(path.join(ROOT, DECISIONS, record), 'utf8');
      expect(record, 'records are named NNNN-title.md').toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
      for (const heading of ['## Context', '## Decision', '## Consequences'])
        expect(text, record).toContain(heading);
      const long = text.split('\n').filter((line) => line.length > MAX_LINE);
      expect(long, record).toEqual([]);
      const broken = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !fs.existsSync(path.join(ROOT, DECISIONS, target)));
      expect(broken, `${record} links only existing files`).toEqual([]);
    }
  });
});
