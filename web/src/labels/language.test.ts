import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanSource, sourceFiles } from './source-scan.ts';

const WEB_SRC = path.resolve(__dirname, '..');
const SHARED_SRC = path.resolve(__dirname, '../../../shared/src');

function findings(root: string, textsOnly: boolean): string[] {
  return sourceFiles(root).flatMap((file) =>
    scanSource(path.relative(root, file), fs.readFileSync(file, 'utf8'), { textsOnly }).map(
      (finding) => `${finding.file}:${finding.line} ${JSON.stringify(finding.text)} → ${finding.words.join(', ')}`,
    ),
  );
}

describe('the language rule in the sources', () => {
  it('web/src shows no English outside the spec literals, loanwords and product names', () => {
    expect(findings(WEB_SRC, false)).toEqual([]);
  });

  it("shared's texts the web shows hold no English outside those lists", () => {
    expect(findings(SHARED_SRC, true)).toEqual([]);
  });

  it('finds an English text added to a component', () => {
    const source = `export function Card() { return <section title="Recent payments"><h2>Последние</h2><p>No data</p></section>; }`;
    expect(scanSource('card.tsx', source).map((finding) => finding.text)).toEqual(['Recent payments', 'No data']);
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
    expect(scanSource('page.ts', source).map((finding) => finding.text)).toEqual(['Dispute ID', 'Failed to save']);
  });
});
