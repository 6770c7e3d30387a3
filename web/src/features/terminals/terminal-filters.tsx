import { TERMINAL_TEXT } from '@app/shared';
import { cx, FILTER_BAR_TEXT, ResetButton, SearchField, useDebouncedSearch } from '../../ui/index.ts';
import {
  EMPTY_TERMINAL_FILTERS,
  type TerminalFilters as Filters,
  hasTerminalFilters,
  type TerminalStatusFilter,
} from './api.ts';

export const TERMINAL_FILTER_TEXT = {
  search: 'Поиск по названию или ID',
  status: 'Статус',
  reset: FILTER_BAR_TEXT.reset,
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
  const [search, setSearch] = useDebouncedSearch(filters.search, (text) =>
    onChange({ ...filters, search: text }),
  );

  const canReset = hasTerminalFilters(filters) || search !== '';

  return (
    <div className="flex flex-col gap-2.5 md:flex-row md:items-center" data-testid="terminal-filters">
      <SearchField text={search} onTextChange={setSearch} placeholder={TERMINAL_FILTER_TEXT.search} />
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
        <ResetButton
          disabled={!canReset}
          onClick={() => {
            setSearch('');
            onChange(EMPTY_TERMINAL_FILTERS);
          }}
        />
      </div>
    </div>
  );
}
