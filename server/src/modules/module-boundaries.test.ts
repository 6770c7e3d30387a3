import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const MODULES = path.join(SRC, 'modules');

/** Every non-test TypeScript file under a folder. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

/** The files a source file imports (relative imports only, resolved to absolute paths). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/\b(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((specifier) => path.resolve(path.dirname(file), specifier));
}

/** The module a path belongs to (its folder under modules/), or null outside modules/. */
function moduleOf(file: string): string | null {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0]!;
}

const isRepository = (file: string) => file.endsWith('.repository.ts');

describe('module boundaries', () => {
  it('modules reach each other only through their services, never another module’s repository', () => {
    const offences: string[] = [];
    for (const file of sources(MODULES)) {
      for (const target of importsOf(file)) {
        const from = moduleOf(file);
        const to = moduleOf(target);
        if (to && from !== to && isRepository(target))
          offences.push(`${path.relative(SRC, file)} imports ${path.relative(SRC, target)}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('outside callers (CLI, jobs, workers, app wiring) reach modules through their services', () => {
    const outside = sources(SRC).filter((file) => moduleOf(file) === null);
    const offences = outside.flatMap((file) =>
      importsOf(file)
        .filter((target) => moduleOf(target) !== null && isRepository(target))
        .map((target) => `${path.relative(SRC, file)} imports ${path.relative(SRC, target)}`),
    );
    expect(offences).toEqual([]);
  });

  it('sees an offending import (the scan itself works)', () => {
    const wallet = path.join(MODULES, 'wallet', 'wallet-withdrawals.ts');
    expect(importsOf(wallet).some((target) => moduleOf(target) === 'wallet' && isRepository(target))).toBe(
      true,
    );
  });
});
