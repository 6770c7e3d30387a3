import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx.ts';

/** Tabs root (Radix): value / defaultValue / onValueChange. */
export const Tabs = RadixTabs.Root;

/** Segmented row holding the triggers. */
export function TabsList({ className, ...rest }: ComponentPropsWithRef<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cx('inline-flex items-center gap-1 rounded-lg bg-gray-100 p-1', className)}
      {...rest}
    />
  );
}

export interface TabsTriggerProps extends ComponentPropsWithRef<typeof RadixTabs.Trigger> {
  /** "touch": 44 px tall, for tabs a phone user taps inside a dialog. */
  size?: 'compact' | 'touch';
}

/** One tab; disabled tabs are dimmed and skipped by the keyboard. */
export function TabsTrigger({ className, size = 'compact', ...rest }: TabsTriggerProps) {
  return (
    <RadixTabs.Trigger
      className={cx(
        'inline-flex flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-small font-medium whitespace-nowrap text-gray-600 transition',
        size === 'touch' ? 'h-11' : 'h-8',
        'hover:text-gray-900 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-xs',
        'disabled:cursor-not-allowed disabled:opacity-45',
        className,
      )}
      {...rest}
    />
  );
}

/** Panel shown for the matching trigger. */
export function TabsContent({ className, ...rest }: ComponentPropsWithRef<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cx('mt-5 focus-visible:outline-none', className)} {...rest} />;
}
