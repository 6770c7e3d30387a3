import { describe, expect, it } from 'vitest';
import { isScannedSource, scanSource } from './source-scan.ts';

const WEB_SOURCES = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const SHARED_SOURCES = import.meta.glob<string>('../../../shared/src/**/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function findings(sources: Record<string, string>, textsOnly: boolean): string[] {
  return Object.entries(sources)
    .map(([file, text]) => [file.replace(/^(\.\.\/)+(shared\/src\/)?/, ''), text] as const)
    .filter(([file]) => isScannedSource(file))
    .flatMap(([file, text]) =>
      scanSource(file, text, { textsOnly }).map(
        (finding) =>
          `${finding.file}:${finding.line} ${JSON.stringify(finding.text)} → ${finding.words.join(', ')}`,
      ),
    );
}

describe('the language rule in the sources', () => {
  it('reads every component', () => {
    expect(Object.keys(WEB_SOURCES).length).toBeGreaterThan(200);
    expect(Object.keys(SHARED_SOURCES).length).toBeGreaterThan(40);
  });

  it('web/src shows no English outside the spec literals, loanwords and product names', () => {
    expect(findings(WEB_SOURCES, false)).toEqual([]);
  });

  it("shared's texts the web shows hold no English outside those lists", () => {
    expect(findings(SHARED_SOURCES, true)).toEqual([]);
  });

  it('finds an English text added to a component', () => {
    const source = `export function Card() { return <section title="Recent payments"><h2>Последние</h2><p>No data</p></section>; }`;
    expect(scanSource('card.tsx', source).map((finding) => finding.text)).toEqual([
      'Recent payments',
      'No data',
    ]);
  });

  it('leaves class names, keys, comparisons and literal elements alone', () => {
    const source = `export function Row({ s }: { s: string }) {
      const open = s === 'Pending';
      return <div className="flex items-center" data-testid="row" key="row-1" aria-hidden="true">
        {open ? 'Открыто' : 'Закрыто'} <Ui>Save</Ui> <code>npm start</code>
      </div>;
    }`;
    expect(scanSource('row.tsx', source)).toEqual([]);
  });

  it('reads toasts and the consts of texts', () => {
    const source = `const PAGE_TEXT = { id: 'Dispute ID', ok: 'Готово' } as const;
      export const save = () => notify.error('Failed to save');`;
    expect(scanSource('page.ts', source).map((finding) => finding.text)).toEqual([
      'Dispute ID',
      'Failed to save',
    ]);
  });
});
