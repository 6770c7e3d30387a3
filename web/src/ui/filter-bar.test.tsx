import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  FILTER_BAR_TEXT,
  ResetButton,
  SEARCH_DEBOUNCE_MS,
  SearchField,
  useDebouncedSearch,
} from './filter-bar.tsx';

type Where = 'all' | 'id';
const LABELS: Record<Where, string> = { all: 'Везде', id: 'ID' };

function renderSearch() {
  const commits: string[] = [];
  const whereChanges: Array<{ where: Where; search: string }> = [];
  function Harness() {
    const [committed, setCommitted] = useState('');
    const [where, setWhere] = useState<Where>('all');
    const [text, setText] = useDebouncedSearch(committed, (search) => {
      commits.push(search);
      setCommitted(search);
    });
    return (
      <>
        <SearchField
          text={text}
          onTextChange={setText}
          placeholder="Поиск"
          sanitize={(value) => value.replace(/[^\p{L}\p{N} ]/gu, '')}
          searchBy={{
            value: where,
            labels: LABELS,
            onChange: (next) => {
              whereChanges.push({ where: next, search: text });
              setWhere(next);
            },
          }}
        />
        <ResetButton
          disabled={committed === '' && text === ''}
          onClick={() => {
            setText('');
            setCommitted('');
          }}
        />
      </>
    );
  }
  render(<Harness />);
  return { commits, whereChanges };
}

describe('SearchField with useDebouncedSearch', () => {
  it('sends the cleaned text once after a pause in typing', async () => {
    const user = userEvent.setup();
    const { commits } = renderSearch();
    await user.type(screen.getByLabelText('Поиск'), '<Ivan>');
    expect(screen.getByLabelText('Поиск')).toHaveValue('Ivan');
    expect(commits).toHaveLength(0);
    await waitFor(() => expect(commits).toEqual(['Ivan']));
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50));
    expect(commits).toEqual(['Ivan']);
  });

  it('offers the searchBy choices and hands over the text typed so far', async () => {
    const user = userEvent.setup();
    const { whereChanges } = renderSearch();
    await user.type(screen.getByLabelText('Поиск'), 'ab');
    await user.click(screen.getByRole('button', { name: FILTER_BAR_TEXT.searchBy }));
    await user.click(await screen.findByRole('menuitem', { name: 'ID' }));
    expect(whereChanges).toEqual([{ where: 'id', search: 'ab' }]);
    expect(screen.getByRole('button', { name: FILTER_BAR_TEXT.searchBy })).toHaveTextContent('ID');
  });

  it('Reset clears an unsent text at once and nothing is sent afterwards', async () => {
    const user = userEvent.setup();
    const { commits } = renderSearch();
    const reset = screen.getByRole('button', { name: FILTER_BAR_TEXT.reset });
    expect(reset).toBeDisabled();
    await user.type(screen.getByLabelText('Поиск'), 'x');
    await user.click(reset);
    expect(screen.getByLabelText('Поиск')).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50));
    expect(commits).toEqual([]);
  });
});
