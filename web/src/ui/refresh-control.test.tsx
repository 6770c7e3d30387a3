import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REFRESH_TEXT, RefreshControl, refreshIntervalMs } from './refresh-control.tsx';

describe('RefreshControl', () => {
  it('refreshes by hand and offers by hand or every 5, 10 or 20 s', async () => {
    const user = userEvent.setup();
    const onRefresh = vi.fn();
    const onIntervalChange = vi.fn();
    render(<RefreshControl interval={0} onIntervalChange={onIntervalChange} onRefresh={onRefresh} />);
    await user.click(screen.getByRole('button', { name: REFRESH_TEXT.refresh }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    const select = screen.getByLabelText(REFRESH_TEXT.auto);
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      REFRESH_TEXT.manual,
      'Каждые 5 с',
      'Каждые 10 с',
      'Каждые 20 с',
    ]);
    await user.selectOptions(select, '10');
    expect(onIntervalChange).toHaveBeenCalledWith(10);
  });

  it('turns the choice into a refetch interval', () => {
    expect(refreshIntervalMs(0)).toBe(false);
    expect(refreshIntervalMs(5)).toBe(5000);
    expect(refreshIntervalMs(20)).toBe(20_000);
  });
});
