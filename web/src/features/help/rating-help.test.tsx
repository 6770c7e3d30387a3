import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { bodyRowTexts } from '../../test/markup.ts';
import { RatingHelp } from './rating-help.tsx';

// A different rules table than the real one: the page must print whatever the engine's table says.
vi.mock('@app/shared', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@app/shared')>();
  return {
    ...actual,
    RATING_RULES: [
      { kind: 'created', tenths: 25, text: 'Открыт спор (тестовое правило)' },
      { kind: 'deal_completed', tenths: -3, text: 'Успешная сделка (тестовое правило)' },
    ],
  };
});

describe('RatingHelp reads RATING_RULES', () => {
  it('prints the rows of a changed rules table, with their points and percent', () => {
    render(
      <MemoryRouter>
        <RatingHelp />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Как события меняют рейтинг' });
    const rows = bodyRowTexts(table);
    expect(rows).toEqual([
      ['Открыт спор (тестовое правило)', '+2,5', '−25 %'],
      ['Успешная сделка (тестовое правило)', '−0,3', '+3 %'],
    ]);
  });
});
