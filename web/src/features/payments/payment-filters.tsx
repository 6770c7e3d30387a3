import {
  type Bank,
  EMPTY_PAYMENT_FILTERS,
  filterSearch,
  hasPaymentFilters,
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  type PaymentListFilters,
  type PaymentSearchBy,
} from '@app/shared';
import { ChevronDown, RotateCcw, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  Button,
  buttonClasses,
  cx,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/index.ts';
import { BankMark } from './bank-mark.tsx';
import { type FilterOption, MultiSelectFilter } from './filter-popover.tsx';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export const SEARCH_BY_LABELS: Record<PaymentSearchBy, string> = {
  all: 'Везде',
  name: 'Имя',
  card: 'Карта',
  phone: 'Телефон',
  account: 'Счёт',
};

/** Labels of the shared filter bar: the spec's own words in English (spec §2 Shared widgets), ours in Russian. */
export const FILTER_LABELS = {
  searchPlaceholder: 'Поиск по имени, карте, телефону или счёту',
  searchBy: 'Искать по',
  mode: 'Режим оплаты',
  bank: 'Банк',
  bankSearch: 'Поиск банка',
  popularBanks: 'Популярные',
  otherBanks: 'Другие банки',
  allModes: 'All Payment Mode',
  allBanks: 'All Payment Method',
  otherFilters: 'Other filters',
  activeOnly: 'Active Only',
  connectedOnly: 'Related Only',
  notConnectedOnly: 'Not Related Only',
  reset: 'Reset',
} as const;

const MODE_OPTIONS: FilterOption[] = PAYMENT_MODES.map((mode) => ({
  value: mode,
  label: PAYMENT_MODE_LABELS[mode],
}));

type OtherKey = 'activeOnly' | 'connectedOnly' | 'notConnectedOnly';
const OTHER_OPTIONS: FilterOption[] = [
  { value: 'activeOnly', label: FILTER_LABELS.activeOnly },
  { value: 'connectedOnly', label: FILTER_LABELS.connectedOnly },
  { value: 'notConnectedOnly', label: FILTER_LABELS.notConnectedOnly },
];

export interface PaymentFiltersProps {
  filters: PaymentListFilters;
  onChange: (filters: PaymentListFilters) => void;
  banks: Bank[];
}

/**
 * The Payments page filter bar (spec §2): search with a searchBy choice, payment mode and bank
 * multi-selects, Other filters (active, linked, not linked) and Reset. Search is sent after a short pause.
 */
export function PaymentFilters({ filters, onChange, banks }: PaymentFiltersProps) {
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

  const bankOptions: FilterOption[] = banks.map((bank) => ({
    value: String(bank.id),
    label: bank.name,
    icon: <BankMark name={bank.name} size="sm" />,
    group: bank.is_popular ? FILTER_LABELS.popularBanks : FILTER_LABELS.otherBanks,
  }));

  const other = OTHER_OPTIONS.filter((option) => filters[option.value as OtherKey]).map(
    (option) => option.value,
  );

  const setOther = (values: string[]) => {
    const next = { activeOnly: values.includes('activeOnly'), connectedOnly: false, notConnectedOnly: false };
    // Linked and not linked exclude each other: the one just ticked wins.
    const linked = values.includes('connectedOnly');
    const unlinked = values.includes('notConnectedOnly');
    if (linked && unlinked) {
      next.connectedOnly = !filters.connectedOnly;
      next.notConnectedOnly = !filters.notConnectedOnly;
    } else {
      next.connectedOnly = linked;
      next.notConnectedOnly = unlinked;
    }
    onChange({ ...filters, ...next });
  };

  const canReset = hasPaymentFilters(filters) || search !== '' || filters.searchBy !== 'all';

  return (
    <div
      className="flex flex-col gap-2.5 lg:flex-row lg:flex-wrap lg:items-center"
      data-testid="payment-filters"
    >
      <div className="flex min-w-0 flex-1 gap-2 lg:min-w-[20rem]">
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={FILTER_LABELS.searchBy}
            className={cx(buttonClasses({ variant: 'secondary' }), 'shrink-0 gap-1 px-3 font-normal')}
          >
            {SEARCH_BY_LABELS[filters.searchBy]}
            <ChevronDown size={15} className="text-gray-400" aria-hidden />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="min-w-[9rem]">
            {(Object.keys(SEARCH_BY_LABELS) as PaymentSearchBy[]).map((key) => (
              <DropdownMenuItem key={key} onSelect={() => onChange({ ...filters, search, searchBy: key })}>
                {SEARCH_BY_LABELS[key]}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <div className="relative min-w-0 flex-1">
          <Search
            size={16}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-400"
            aria-hidden
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(filterSearch(event.target.value))}
            placeholder={FILTER_LABELS.searchPlaceholder}
            aria-label={FILTER_LABELS.searchPlaceholder}
            maxLength={100}
            className="h-10 w-full rounded-lg border border-gray-200 bg-white pr-3 pl-9 text-small text-gray-900 shadow-xs outline-none placeholder:text-gray-400 hover:border-gray-300 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15"
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <MultiSelectFilter
          label={FILTER_LABELS.mode}
          allLabel={FILTER_LABELS.allModes}
          options={MODE_OPTIONS}
          selected={filters.modes}
          onChange={(modes) => onChange({ ...filters, modes })}
          className="col-span-2 sm:w-48"
        />
        <MultiSelectFilter
          label={FILTER_LABELS.bank}
          allLabel={FILTER_LABELS.allBanks}
          options={bankOptions}
          selected={filters.banks.map(String)}
          onChange={(selected) => onChange({ ...filters, banks: selected.map(Number) })}
          searchable
          searchPlaceholder={FILTER_LABELS.bankSearch}
          className="col-span-2 sm:w-52"
        />
        <MultiSelectFilter
          label={FILTER_LABELS.otherFilters}
          allLabel={FILTER_LABELS.otherFilters}
          options={OTHER_OPTIONS}
          selected={other}
          onChange={setOther}
          showAll={false}
          className="sm:w-44"
        />
        <Button
          variant="ghost"
          leftIcon={<RotateCcw size={15} />}
          disabled={!canReset}
          onClick={() => {
            setSearch('');
            onChange(EMPTY_PAYMENT_FILTERS);
          }}
        >
          {FILTER_LABELS.reset}
        </Button>
      </div>
    </div>
  );
}
