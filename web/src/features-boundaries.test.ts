/**
 * Feature boundaries (ARCHITECTURE.md, rules: Web): a feature imports ui/, api/, labels/, shared and, from another
 * feature, only the pieces meant to be shared (SHARED_PIECES); ui/, api/ and labels/ import no feature. Tests may
 * import anything (a page's test signs a user in through auth's hooks).
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCES = import.meta.glob<string>(['./**/*.ts', './**/*.tsx', '!./**/*.test.ts', '!./**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * The pieces of a feature other features may import, as `<feature>/<file>`, each with whom it serves. Anything
 * else of a feature is its own: move a piece two features need to ui/ or api/, or name it here with its reason.
 */
const SHARED_PIECES: Record<string, string> = {
  'auth/auth-user-context.tsx': 'the signed-in user (every signed-in page)',
  'auth/auth-modal.tsx': 'the sign-in and register dialog the landing page opens',
  'auth/first-visit.ts': 'the first visit after registering (the dashboard’s welcome)',
  'wallet/wallet-modal.tsx': 'the wallet dialog (deposit, withdraw) the dashboard opens',
  'help/help-sections.ts': 'links into a Help section (dashboard banners, the rating card)',
  'shell/display-name.ts': 'how a user is named (dashboard header, Settings profile)',
  'terminals/device-card.tsx': 'the terminal card the dashboard lists',
  'payments/bank-mark.tsx': 'a bank’s mark beside a payment method (terminal linking)',
  'landing/contacts.ts': 'the support contacts (the landing page and Help)',
  'wallet/api.ts': 'the whitelist hooks of Settings’ #wallet section',
  'auth/api.ts': 'the password reset hooks of Settings’ password card and the session answer’s type',
};

/** A path like './features/a/b.tsx' resolved against the importing file, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The relative imports of a source (static, re-exports, dynamic `import()`), resolved. */
function importsOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const specifier =
      ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : undefined;
    const target = specifier && ts.isStringLiteral(specifier) ? resolve(file, specifier.text) : null;
    if (target) found.push(target);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The feature a path belongs to ('./features/<name>/…'), or null. */
const featureOf = (file: string) => /^\.\/features\/([^/]+)\//.exec(file)?.[1] ?? null;
/** The top folder of a path under src ('ui', 'api', 'labels', 'app', …). */
const folderOf = (file: string) => /^\.\/([^/]+)\//.exec(file)?.[1] ?? null;

/** "features/a/x.ts imports b/y.ts" for each import of another feature's file. */
function crossFeatureImports(sources: Record<string, string>): string[] {
  return Object.entries(sources).flatMap(([file, text]) => {
    const from = featureOf(file);
    return importsOf(file, text)
      .filter((target) => featureOf(target) !== null && featureOf(target) !== from)
      .map((target) => `${file.slice(2)} imports ${target.replace(/^\.\/features\//, '')}`);
  });
}

/** The cross-feature imports that are neither a shared piece nor pending; ui/, api/ and labels/ may import none. */
function offences(sources: Record<string, string>): string[] {
  return crossFeatureImports(sources).filter((line) => {
    const [file, target] = line.split(' imports ') as [string, string];
    const base = folderOf(`./${file}`);
    if (base === 'ui' || base === 'api' || base === 'labels') return true;
    if (base !== 'features') return false;
    return !(target in SHARED_PIECES);
  });
}

/** Every web file, tests included: none reads server source (a shared default comes from shared/, issue 26). */
const EVERY_FILE = import.meta.glob<string>(['./**/*.ts', './**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const SERVER_IMPORT = /(?:from\s*|import\s*\(\s*)'(?:\.\.\/)+server\//;

describe('web and server', () => {
  it('no web file, test or not, imports server source', () => {
    const offences = Object.entries(EVERY_FILE)
      .filter(([, text]) => SERVER_IMPORT.test(text))
      .map(([file]) => file);
    expect(offences).toEqual([]);
    expect(SERVER_IMPORT.test("import { X } from '../../../server/src/config.ts';")).toBe(true);
  });
});

describe('feature boundaries', () => {
  it('reads every source', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(150);
  });

  it('a feature imports another only through its shared pieces; ui/, api/ and labels/ import no feature', () => {
    expect(offences(SOURCES)).toEqual([]);
  });

  it('every shared piece is still used (the list only shrinks)', () => {
    const imports = crossFeatureImports(SOURCES);
    const usedPieces = new Set(imports.map((line) => line.split(' imports ')[1]));
    expect(Object.keys(SHARED_PIECES).filter((piece) => !usedPieces.has(piece))).toEqual([]);
  });

  it('sees an offending import (the scan itself works)', () => {
    expect(
      offences({
        './features/deals/x.tsx': [
          "import { useAuthUser } from '../auth/auth-user-context.tsx';",
          "import { paymentsKeys } from '../payments/api.ts';",
          "const Page = lazy(() => import('../wallet/withdraw-form.tsx'));",
          "import { Button } from '../../ui/index.ts';",
        ].join('\n'),
        './ui/y.tsx': "export { DeviceCard } from '../features/terminals/device-card.tsx';",
        './app/z.tsx': "import { DealsPage } from '../features/deals/deals-page.tsx';",
      }),
    ).toEqual([
      'features/deals/x.tsx imports payments/api.ts',
      'features/deals/x.tsx imports wallet/withdraw-form.tsx',
      'ui/y.tsx imports terminals/device-card.tsx',
    ]);
  });
});
