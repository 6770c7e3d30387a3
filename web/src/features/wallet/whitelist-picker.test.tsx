import { WALLET_TEXT } from '@app/shared';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../ui/index.ts';
import { WhitelistPicker } from './whitelist-picker.tsx';

const READY = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const PENDING = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

afterEach(cleanup);

function open(addresses: Parameters<typeof WhitelistPicker>[0]['addresses']) {
  const onPick = vi.fn();
  const user = userEvent.setup();
  render(<WhitelistPicker addresses={addresses} onPick={onPick} />);
  return { onPick, user };
}

describe('WhitelistPicker', () => {
  it("shows an entry in its cool-down as not selectable with 'доступен с <date time>', and picks usable ones", async () => {
    const usableAt = new Date(Date.now() + 5 * 3_600_000);
    const { onPick, user } = open([
      { id: '1', wallet: READY, usable_at: new Date(Date.now() - 60_000).toISOString() },
      { id: '2', wallet: PENDING, usable_at: usableAt.toISOString() },
    ]);
    await user.click(screen.getByRole('button', { name: WALLET_TEXT.selectFromWhiteList }));

    const pending = screen.getByRole('menuitem', { name: new RegExp(PENDING) });
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    const when = formatDate(usableAt);
    expect(pending).toHaveTextContent(`доступен с ${when}`);
    await user.click(pending);
    expect(onPick).not.toHaveBeenCalled();

    const ready = screen.getByRole('menuitem', { name: new RegExp(READY) });
    expect(ready).not.toHaveAttribute('aria-disabled');
    expect(ready).not.toHaveTextContent('доступен с');
    await user.click(ready);
    expect(onPick).toHaveBeenCalledWith(READY);
  });

  it('renders nothing for an empty whitelist', () => {
    open([]);
    expect(screen.queryByRole('button', { name: WALLET_TEXT.selectFromWhiteList })).toBeNull();
  });
});
