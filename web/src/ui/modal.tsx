import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { cx } from './cx.ts';

export type ModalSize = 'sm' | 'md' | 'lg';

const WIDTHS: Record<ModalSize, string> = {
  sm: 'sm:max-w-[25rem]',
  md: 'sm:max-w-[28.5rem]',
  lg: 'sm:max-w-[40rem]',
};

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Element above the title (an icon badge, a segmented control). */
  header?: ReactNode;
  /** Sticky action row at the bottom. */
  footer?: ReactNode;
  size?: ModalSize;
  /** Keeps the modal open on outside clicks (e.g. while a code is being typed). */
  dismissOnOutsideClick?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * Dialog on Radix: focus trap, Escape and a close button. A centred card from 640px up; below that a
 * full-width sheet from the bottom edge so forms stay usable on phones.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  header,
  footer,
  size = 'md',
  dismissOnOutsideClick = true,
  className,
  children,
}: ModalProps) {
  // Radix returns focus only to a Dialog.Trigger; our modals open from plain buttons (often after a lazy
  // load), so the element that had focus when the modal opened is remembered here and focused on close.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open !== wasOpen.current) {
    wasOpen.current = open;
    if (open && typeof document !== 'undefined') {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/45 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content
          // Without a description Radix must be told there is none, or it warns about a dangling id.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onPointerDownOutside={(event) => {
            if (!dismissOnOutsideClick) event.preventDefault();
          }}
          onOpenAutoFocus={(event) => {
            // A control marked data-autofocus (the first code box) takes the focus instead of the first button.
            const target = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
              '[data-autofocus]',
            );
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (!target?.isConnected || target === document.body) return;
            event.preventDefault();
            target.focus({ preventScroll: true });
          }}
          className={cx(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col rounded-t-2xl bg-white shadow-pop outline-none',
            'data-[state=open]:animate-sheet-in',
            'sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:max-h-[90dvh] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            'sm:data-[state=open]:animate-pop-in',
            WIDTHS[size],
            className,
          )}
        >
          <div className="mx-auto mt-2.5 h-1 w-10 shrink-0 rounded-full bg-gray-200 sm:hidden" aria-hidden />
          <div className="flex items-start gap-4 px-5 pt-5 sm:px-7 sm:pt-7">
            <div className="min-w-0 flex-1">
              {header}
              <Dialog.Title className="text-h2 text-gray-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1.5 text-small text-gray-500">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              className="-mr-2 -mt-1 flex size-9 shrink-0 items-center justify-center rounded-lg text-gray-400 transition hover:bg-gray-100 hover:text-gray-700"
              aria-label="Закрыть"
            >
              <X size={18} />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-5 pb-6 sm:px-7 sm:pb-7">{children}</div>
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-gray-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-7">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
