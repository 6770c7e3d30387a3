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
import {
  FILTER_BAR_TEXT,
  FilterBar,
  type FilterOption,
  MultiSelectFilter,
  ResetButton,
  SearchField,
  useDebouncedSearch,
} from '../../ui/index.ts';
import { BankMark } from './bank-mark.tsx';

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
  reset: FILTER_BAR_TEXT.reset,
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
  const [search, setSearch] = useDebouncedSearch(filters.search, (text) =>
    onChange({ ...filters, search: text }),
  );

  const bankOptions: FilterOption[] = banks.map((bank) => ({
    value: String(bank.id),
    label: bank.name,
    icon: <BankMark name={bank.name} color={bank.color} size="sm" />,
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
    <FilterBar
      data-testid="payment-filters"
      search={
        <SearchField
          text={search}
          onTextChange={setSearch}
          sanitize={filterSearch}
          placeholder={FILTER_LABELS.searchPlaceholder}
          searchBy={{
            value: filters.searchBy,
            labels: SEARCH_BY_LABELS,
            onChange: (searchBy) => onChange({ ...filters, search, searchBy }),
          }}
        />
      }
    >
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
      <ResetButton
        disabled={!canReset}
        onClick={() => {
          setSearch('');
          onChange(EMPTY_PAYMENT_FILTERS);
        }}
      />
    </FilterBar>
  );
}
