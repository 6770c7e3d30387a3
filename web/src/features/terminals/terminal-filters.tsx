import { TERMINAL_TEXT } from '@app/shared';
import { RotateCcw, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, cx } from '../../ui/index.ts';
import {
  EMPTY_TERMINAL_FILTERS,
  type TerminalFilters as Filters,
  hasTerminalFilters,
  type TerminalStatusFilter,
} from './api.ts';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export const TERMINAL_FILTER_TEXT = {
  search: 'Поиск по названию или ID',
  status: 'Статус',
  reset: 'Reset',
} as const;

const STATUS_OPTIONS: Array<{ value: TerminalStatusFilter; label: string }> = [
  { value: 'all', label: TERMINAL_TEXT.allStatuses },
  { value: 'Enabled', label: TERMINAL_TEXT.enabled },
  { value: 'Disabled', label: TERMINAL_TEXT.disabled },
];

/** Search by name or ID, the status filter (Enabled, Disabled, All Statuses) and Reset (spec §2). */
export function TerminalFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
}) {
  const [search, setSearch] = useState(filters.search);
  const latest = useRef(filters);
  latest.current = filters;

  // Reset (or any outside change of the search) shows in the box.
  useEffect(() => setSearch(filters.search), [filters.search]);

  useEffect(() => {
    if (search === latest.current.search) return;
    const timer = setTimeout(() => onChange({ ...latest.current, search }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  const canReset = hasTerminalFilters(filters) || search !== '';

  return (
    <div className="flex flex-col gap-2.5 md:flex-row md:items-center" data-testid="terminal-filters">
      <div className="relative min-w-0 flex-1">
        <Search
          size={16}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-400"
          aria-hidden
        />
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={TERMINAL_FILTER_TEXT.search}
          aria-label={TERMINAL_FILTER_TEXT.search}
          maxLength={100}
          className="h-10 w-full rounded-lg border border-gray-200 bg-white pr-3 pl-9 text-small text-gray-900 shadow-xs outline-none placeholder:text-gray-400 hover:border-gray-300 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15"
        />
      </div>
      <div className="flex items-center gap-2">
        <div
          role="radiogroup"
          aria-label={TERMINAL_FILTER_TEXT.status}
          className="inline-flex min-w-0 flex-1 items-center gap-0.5 rounded-lg bg-gray-100 p-0.5 md:flex-none"
        >
          {STATUS_OPTIONS.map((option) => {
            const checked = filters.status === option.value;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a segmented control, styled as buttons, is the radio group here.
              <button
                key={option.value}
                type="button"
                role="radio"
                aria-checked={checked}
                onClick={() => onChange({ ...filters, search, status: option.value })}
                className={cx(
                  'h-9 flex-1 rounded-md px-2 text-caption font-medium whitespace-nowrap transition sm:px-3 sm:text-small',
                  checked ? 'bg-white text-brand-700 shadow-xs' : 'text-gray-500 hover:text-gray-800',
                )}
              >
                {option.label}
              </button>
            );
          })}
        </div>
        <Button
          variant="ghost"
          leftIcon={<RotateCcw size={15} />}
          disabled={!canReset}
          onClick={() => {
            setSearch('');
            onChange(EMPTY_TERMINAL_FILTERS);
          }}
        >
          {TERMINAL_FILTER_TEXT.reset}
        </Button>
      </div>
    </div>
  );
}
