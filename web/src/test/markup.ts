import { within } from '@testing-library/react';

/**
 * Children of the description lists under `root` that HTML does not allow there: a dl holds dt and dd, directly
 * or in div groups of only dt and dd. Empty when the markup is valid.
 */
export function invalidDescriptionListChildren(root: ParentNode): string[] {
  const offences: string[] = [];
  for (const list of root.querySelectorAll('dl')) {
    for (const child of list.children) {
      if (child.tagName === 'DIV') {
        for (const inner of child.children) {
          if (inner.tagName !== 'DT' && inner.tagName !== 'DD')
            offences.push(`dl > div > ${inner.tagName.toLowerCase()}`);
        }
      } else if (child.tagName !== 'DT' && child.tagName !== 'DD') {
        offences.push(`dl > ${child.tagName.toLowerCase()}`);
      }
    }
  }
  return offences;
}

/** The text of each body row's cells of a table (its header row left out), to compare with the rows expected. */
export function bodyRowTexts(table: HTMLElement): Array<Array<string | null>> {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}
