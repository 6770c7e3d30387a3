import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type FilterOption, MultiSelectFilter } from './filter-popover.tsx';

const OPTIONS: FilterOption[] = [
  { value: 'pending', label: 'pending', group: 'Открытые' },
  { value: 'verification', label: 'verification', group: 'Открытые' },
  { value: 'complete', label: 'complete', group: 'Закрытые' },
];

function renderFilter(props: { searchable?: boolean; showAll?: boolean } = {}) {
  const changes: string[][] = [];
  function Harness() {
    const [selected, setSelected] = useState<string[]>([]);
    return (
      <MultiSelectFilter
        label="Статус"
        allLabel="Все статусы"
        options={OPTIONS}
        selected={selected}
        onChange={(next) => {
          changes.push(next);
          setSelected(next);
        }}
        {...props}
      />
    );
  }
  render(<Harness />);
  return { last: () => changes.at(-1) };
}

describe('MultiSelectFilter', () => {
  it('selects several options, names them on the trigger, and goes back to all', async () => {
    const user = userEvent.setup();
    const { last } = renderFilter();
    const trigger = screen.getByRole('button', { name: 'Статус' });
    expect(trigger).toHaveTextContent('Все статусы');
    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: 'Статус' });
    expect(within(panel).getByText('Открытые')).toBeInTheDocument();
    await user.click(within(panel).getByLabelText('pending'));
    await user.click(within(panel).getByLabelText('complete'));
    expect(last()).toEqual(['pending', 'complete']);
    expect(trigger).toHaveTextContent('pending, complete');
    await user.click(within(panel).getByLabelText('verification'));
    expect(trigger).toHaveTextContent('pending +2');
    await user.click(within(panel).getByLabelText('Все статусы'));
    expect(last()).toEqual([]);
  });

  it('narrows a long list by its search box and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderFilter({ searchable: true });
    await user.click(screen.getByRole('button', { name: 'Статус' }));
    const panel = screen.getByRole('dialog', { name: 'Статус' });
    await user.type(within(panel).getByLabelText('Поиск'), 'veri');
    expect(within(panel).queryByLabelText('pending')).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('verification')).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Поиск'));
    await user.type(within(panel).getByLabelText('Поиск'), 'zzz');
    expect(within(panel).getByText('Ничего не найдено')).toBeInTheDocument();
  });

  it('leaves out the "all" row for independent switches', async () => {
    const user = userEvent.setup();
    renderFilter({ showAll: false });
    await user.click(screen.getByRole('button', { name: 'Статус' }));
    expect(screen.queryByLabelText('Все статусы')).not.toBeInTheDocument();
  });
});
