import { EMPTY_PAYMENT_FILTERS, type PaymentListFilters } from '@app/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../ui/index.ts';
import { FILTER_LABELS, PaymentFilters } from './payment-filters.tsx';
import { BANKS } from './test-fixtures.ts';

function renderFilters(initial: PaymentListFilters = EMPTY_PAYMENT_FILTERS) {
  const changes: PaymentListFilters[] = [];
  function Harness() {
    const [filters, setFilters] = useState(initial);
    return (
      <PaymentFilters
        filters={filters}
        banks={BANKS}
        onChange={(next) => {
          changes.push(next);
          setFilters(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { changes, last: () => changes.at(-1) };
}

describe('PaymentFilters', () => {
  it('shows the spec labels when nothing is filtered', () => {
    renderFilters();
    expect(screen.getByRole('button', { name: 'Режим оплаты' })).toHaveTextContent(FILTER_LABELS.allModes);
    expect(screen.getByRole('button', { name: 'Банк' })).toHaveTextContent(FILTER_LABELS.allBanks);
    expect(screen.getByRole('button', { name: FILTER_LABELS.otherFilters })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: FILTER_LABELS.reset })).toBeDisabled();
  });

  it('selects several payment modes and goes back to all', async () => {
    const user = userEvent.setup();
    const { last } = renderFilters();
    await user.click(screen.getByRole('button', { name: 'Режим оплаты' }));
    const panel = screen.getByRole('dialog', { name: 'Режим оплаты' });
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual([FILTER_LABELS.allModes, 'SBP/C2C', 'SBP', 'C2C']);
    await user.click(within(panel).getByLabelText('SBP'));
    await user.click(within(panel).getByLabelText('C2C'));
    expect(last()?.modes).toEqual(['sbp', 'c2c']);
    expect(screen.getByRole('button', { name: 'Режим оплаты' })).toHaveTextContent('SBP, C2C');
    await user.click(within(panel).getByLabelText(FILTER_LABELS.allModes));
    expect(last()?.modes).toEqual([]);
  });

  it('searches and selects banks, popular ones grouped first', async () => {
    const user = userEvent.setup();
    const { last } = renderFilters();
    await user.click(screen.getByRole('button', { name: 'Банк' }));
    const panel = screen.getByRole('dialog', { name: 'Банк' });
    expect(within(panel).getByText(FILTER_LABELS.popularBanks)).toBeInTheDocument();
    expect(within(panel).getByText(FILTER_LABELS.otherBanks)).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Поиск банка'), 'озон');
    expect(within(panel).queryByLabelText(/Сбербанк/)).not.toBeInTheDocument();
    await user.click(within(panel).getByLabelText(/Озон Банк/));
    expect(last()?.banks).toEqual([11]);
  });

  it('keeps linked-only and not-linked-only exclusive', async () => {
    const user = userEvent.setup();
    const { last } = renderFilters();
    await user.click(screen.getByRole('button', { name: FILTER_LABELS.otherFilters }));
    const panel = screen.getByRole('dialog', { name: FILTER_LABELS.otherFilters });
    await user.click(within(panel).getByLabelText(FILTER_LABELS.activeOnly));
    await user.click(within(panel).getByLabelText(FILTER_LABELS.connectedOnly));
    expect(last()).toMatchObject({ activeOnly: true, connectedOnly: true, notConnectedOnly: false });
    await user.click(within(panel).getByLabelText(FILTER_LABELS.notConnectedOnly));
    expect(last()).toMatchObject({ activeOnly: true, connectedOnly: false, notConnectedOnly: true });
  });

  it('sends the search after a pause, with non-word characters stripped', async () => {
    const user = userEvent.setup();
    const { changes } = renderFilters();
    await user.type(screen.getByLabelText(FILTER_LABELS.searchPlaceholder), '<Ivan>');
    expect(screen.getByLabelText(FILTER_LABELS.searchPlaceholder)).toHaveValue('Ivan');
    // Typing is faster than the pause: nothing has been sent yet, then exactly one change arrives.
    expect(changes).toHaveLength(0);
    await waitFor(() => expect(changes).toEqual([{ ...EMPTY_PAYMENT_FILTERS, search: 'Ivan' }]));
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50));
    expect(changes).toHaveLength(1);
  });

  it('chooses what the search looks in', async () => {
    const user = userEvent.setup();
    const { last } = renderFilters();
    await user.click(screen.getByRole('button', { name: 'Искать по' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Карта' }));
    expect(last()?.searchBy).toBe('card');
  });

  it('resets every filter', async () => {
    const user = userEvent.setup();
    const { last } = renderFilters({
      ...EMPTY_PAYMENT_FILTERS,
      search: 'Ivan',
      modes: ['sbp'],
      banks: [1],
      activeOnly: true,
      notConnectedOnly: true,
    });
    expect(screen.getByLabelText(FILTER_LABELS.searchPlaceholder)).toHaveValue('Ivan');
    await user.click(screen.getByRole('button', { name: FILTER_LABELS.reset }));
    expect(last()).toEqual(EMPTY_PAYMENT_FILTERS);
    expect(screen.getByLabelText(FILTER_LABELS.searchPlaceholder)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Банк' })).toHaveTextContent(FILTER_LABELS.allBanks);
  });
});
