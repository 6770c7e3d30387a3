import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx';
import { type LazyMenuControl, lazyMenu } from './lazy-menu.tsx';

function TestMenu({ open, onOpenChange, trigger, onPick }: LazyMenuControl & { onPick: () => void }) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onPick}>Пункт</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

describe('lazyMenu', () => {
  it('loads the menu only when the button is used, opens it on that first click, and then behaves as a menu', async () => {
    const load = vi.fn(async () => ({ default: TestMenu }));
    const Menu = lazyMenu(load);
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<Menu onPick={onPick} trigger={<Button>Открыть</Button>} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Открыть' })).toHaveAttribute('aria-haspopup', 'menu');

    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(load).toHaveBeenCalled();
    await user.click(await screen.findByRole('menuitem', { name: 'Пункт' }));
    expect(onPick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    // From now on Radix's own trigger opens it, from the keyboard too.
    screen.getByRole('button', { name: 'Открыть' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Пункт' })).toBeInTheDocument();
  });
});
