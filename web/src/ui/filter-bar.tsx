import { ChevronDown, RotateCcw, Search } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button, buttonClasses } from './button.tsx';
import { cx } from './cx.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Words of the shared filter bar (spec §2 Shared widgets): the spec's own in English, ours in Russian. */
export const FILTER_BAR_TEXT = {
  searchBy: 'Искать по',
  reset: 'Reset',
} as const;

/**
 * The search box's text, sent through `onCommit` after a pause in typing (a list query per keystroke would
 * hammer the server). The text follows `committed` when it changes from outside (Reset), and `setText('')`
 * clears an unsent text at once.
 */
export function useDebouncedSearch(
  committed: string,
  onCommit: (search: string) => void,
  delayMs: number = SEARCH_DEBOUNCE_MS,
): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const latest = useRef({ committed, onCommit });
  latest.current = { committed, onCommit };

  useEffect(() => setText(committed), [committed]);

  useEffect(() => {
    if (text === latest.current.committed) return;
    const timer = setTimeout(() => latest.current.onCommit(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return [text, useCallback((next: string) => setText(next), [])];
}

export interface SearchByChoice<K extends string> {
  value: K;
  /** Label of each choice, in menu order. */
  labels: Record<K, string>;
  onChange: (value: K) => void;
}

export interface SearchFieldProps<K extends string> {
  text: string;
  onTextChange: (text: string) => void;
  /** Placeholder and accessible name. */
  placeholder: string;
  /** Cleans what is typed (e.g. strips characters the search does not take). */
  sanitize?: (text: string) => string;
  /** The searchBy menu before the box; omitted when the search looks in one place. */
  searchBy?: SearchByChoice<K>;
  maxLength?: number;
  className?: string;
}

/** Search box of the filter bar, with an optional searchBy menu (spec §2 Shared widgets). */
export function SearchField<K extends string>({
  text,
  onTextChange,
  placeholder,
  sanitize,
  searchBy,
  maxLength = 100,
  className,
}: SearchFieldProps<K>) {
  return (
    <div className={cx('flex min-w-0 flex-1 gap-2', className)}>
      {searchBy ? (
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={FILTER_BAR_TEXT.searchBy}
            className={cx(buttonClasses({ variant: 'secondary' }), 'shrink-0 gap-1 px-3 font-normal')}
          >
            {searchBy.labels[searchBy.value]}
            <ChevronDown size={15} className="text-gray-400" aria-hidden />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="min-w-[9rem]">
            {(Object.keys(searchBy.labels) as K[]).map((key) => (
              <DropdownMenuItem key={key} onSelect={() => searchBy.onChange(key)}>
                {searchBy.labels[key]}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
      <div className="relative min-w-0 flex-1">
        <Search
          size={16}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-400"
          aria-hidden
        />
        <input
          type="search"
          value={text}
          onChange={(event) => onTextChange(sanitize ? sanitize(event.target.value) : event.target.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          maxLength={maxLength}
          className="h-10 w-full rounded-lg border border-gray-200 bg-white pr-3 pl-9 text-small text-gray-900 shadow-xs outline-none placeholder:text-gray-400 hover:border-gray-300 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15"
        />
      </div>
    </div>
  );
}

/** The filter bar's Reset: disabled while there is nothing to reset. */
/** The filters' reset; `label` for a screen in Russian (the spec's lists keep their English 'Reset'). */
export function ResetButton({
  disabled,
  onClick,
  label = FILTER_BAR_TEXT.reset,
}: {
  disabled: boolean;
  onClick: () => void;
  label?: string;
}) {
  return (
    <Button variant="ghost" leftIcon={<RotateCcw size={15} />} disabled={disabled} onClick={onClick}>
      {label}
    </Button>
  );
}

export interface FilterBarProps {
  /** The search row (SearchField); takes the free width. */
  search?: ReactNode;
  /** Filters, refresh and Reset, in order. */
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/**
 * The shared filter bar's layout: the search first, then the controls; stacked on phones, a grid of two
 * on small screens, one wrapping row on wide ones.
 */
export function FilterBar({ search, children, className, 'data-testid': testId }: FilterBarProps) {
  return (
    <div
      className={cx('flex flex-col gap-2.5 lg:flex-row lg:flex-wrap lg:items-center', className)}
      data-testid={testId}
    >
      {search ? <div className="flex min-w-0 flex-1 lg:min-w-[20rem]">{search}</div> : null}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">{children}</div>
    </div>
  );
}
