import { DEAL_MESSAGES } from '@app/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_TEXT,
  type DateRange,
  DateRangeFilter,
  dateRangeText,
  EMPTY_DATE_RANGE,
  isValidDateRange,
} from './date-range-modal.tsx';

function renderRange(initial: DateRange = EMPTY_DATE_RANGE) {
  const changes: DateRange[] = [];
  function Harness() {
    const [range, setRange] = useState(initial);
    return (
      <DateRangeFilter
        value={range}
        onChange={(next) => {
          changes.push(next);
          setRange(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { changes };
}

const setDay = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('date range rules', () => {
  it('refuses only a start after the end', () => {
    expect(isValidDateRange({ start: '2026-11-02', end: '2026-11-01' })).toBe(false);
    expect(isValidDateRange({ start: '2026-11-01', end: '2026-11-01' })).toBe(true);
    expect(isValidDateRange({ start: '2026-11-30', end: '' })).toBe(true);
    expect(isValidDateRange(EMPTY_DATE_RANGE)).toBe(true);
  });

  it('writes the chosen days on the trigger', () => {
    expect(dateRangeText({ start: '2026-11-01', end: '2026-11-25' })).toBe('01.11.2026 – 25.11.2026');
    expect(dateRangeText({ start: '2026-11-01', end: '' })).toBe('с 01.11.2026');
    expect(dateRangeText({ start: '', end: '2026-11-25' })).toBe('по 25.11.2026');
    expect(dateRangeText(EMPTY_DATE_RANGE)).toBe(DATE_RANGE_TEXT.trigger);
  });
});

describe('DateRangeFilter', () => {
  it('applies a start and an end chosen in the modal', async () => {
    const user = userEvent.setup();
    const { changes } = renderRange();
    await user.click(screen.getByRole('button', { name: /Период/ }));
    setDay(DATE_RANGE_TEXT.start, '2026-11-01');
    setDay(DATE_RANGE_TEXT.end, '2026-11-25');
    await user.click(screen.getByRole('button', { name: DATE_RANGE_TEXT.apply }));
    expect(changes).toEqual([{ start: '2026-11-01', end: '2026-11-25' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Период/ })).toHaveTextContent('01.11.2026 – 25.11.2026');
  });

  it('refuses a start after the end with the message and keeps the modal open', async () => {
    const user = userEvent.setup();
    const { changes } = renderRange();
    await user.click(screen.getByRole('button', { name: /Период/ }));
    setDay(DATE_RANGE_TEXT.start, '2026-11-26');
    setDay(DATE_RANGE_TEXT.end, '2026-11-25');
    await user.click(screen.getByRole('button', { name: DATE_RANGE_TEXT.apply }));
    expect(screen.getByRole('alert')).toHaveTextContent(DEAL_MESSAGES.invalidDateRange);
    expect(screen.getByLabelText(DATE_RANGE_TEXT.start)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(changes).toEqual([]);
  });

  it('Cancel leaves the range as it was, and the modal reopens with it', async () => {
    const user = userEvent.setup();
    const { changes } = renderRange({ start: '2026-11-01', end: '2026-11-02' });
    await user.click(screen.getByRole('button', { name: /Период/ }));
    setDay(DATE_RANGE_TEXT.start, '2026-10-01');
    await user.click(screen.getByRole('button', { name: DATE_RANGE_TEXT.cancel }));
    expect(changes).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Период/ }));
    expect(screen.getByLabelText(DATE_RANGE_TEXT.start)).toHaveValue('2026-11-01');
  });
});
