import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx.ts';

/** Menu root (Radix): closes on outside click, Escape and item selection. */
export const DropdownMenu = Menu.Root;
/** The element that opens the menu; use asChild with a Button or IconButton. */
export const DropdownMenuTrigger = Menu.Trigger;

/** Floating menu panel, aligned to the trigger's end by default. */
export function DropdownMenuContent({
  className,
  align = 'end',
  sideOffset = 8,
  ...rest
}: ComponentPropsWithRef<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        align={align}
        sideOffset={sideOffset}
        className={cx(
          'z-50 min-w-[13rem] rounded-xl border border-gray-200 bg-white p-1.5 shadow-pop data-[state=open]:animate-slide-down',
          className,
        )}
        {...rest}
      />
    </Menu.Portal>
  );
}

export interface DropdownMenuItemProps extends ComponentPropsWithRef<typeof Menu.Item> {
  icon?: ReactNode;
  tone?: 'default' | 'danger';
}

/** One action; use asChild with a router Link for navigation items. */
export function DropdownMenuItem({
  icon,
  tone = 'default',
  className,
  children,
  asChild,
  ...rest
}: DropdownMenuItemProps) {
  const classes = cx(
    'flex h-9 cursor-pointer items-center gap-2.5 rounded-md px-2.5 text-small font-medium outline-none select-none',
    tone === 'danger'
      ? 'text-danger-600 data-[highlighted]:bg-danger-50'
      : 'text-gray-700 data-[highlighted]:bg-gray-100 data-[highlighted]:text-gray-900',
    'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
    className,
  );
  if (asChild) {
    return (
      <Menu.Item asChild className={classes} {...rest}>
        {children}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item className={classes} {...rest}>
      {icon ? <span className="text-gray-400">{icon}</span> : null}
      {children}
    </Menu.Item>
  );
}

/** Hairline between groups of items. */
export function DropdownMenuSeparator({ className }: { className?: string }) {
  return <Menu.Separator className={cx('my-1.5 h-px bg-gray-100', className)} />;
}

/** Small caption above a group of items. */
export function DropdownMenuLabel({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Menu.Label className={cx('px-2.5 pt-1.5 pb-1 text-caption text-gray-500', className)}>
      {children}
    </Menu.Label>
  );
}
