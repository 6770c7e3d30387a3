import * as Checkbox from '@radix-ui/react-checkbox';
import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronDown, Search } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { buttonClasses } from './button.tsx';
import { cx } from './cx.ts';

export const FILTER_POPOVER_TEXT = {
  search: 'Поиск',
  nothingFound: 'Ничего не найдено',
} as const;

export interface FilterOption {
  value: string;
  label: string;
  /** Shown before the label (e.g. a bank mark). */
  icon?: ReactNode;
  /** Options with the same group are listed under that caption. */
  group?: string;
}

export interface MultiSelectFilterProps {
  /** Accessible name of the control, e.g. "Режим оплаты"; also the popover's name. */
  label: string;
  /** Trigger text when nothing is selected, e.g. "All Payment Mode" (spec §2 filter bar). */
  allLabel: string;
  options: FilterOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Adds a search box above long lists (banks). */
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Whether choosing "all" is offered as the first row (not for independent switches). */
  showAll?: boolean;
  className?: string;
}

function triggerText(allLabel: string, options: FilterOption[], selected: string[]): string {
  if (selected.length === 0) return allLabel;
  const labels = options.filter((option) => selected.includes(option.value)).map((option) => option.label);
  return labels.length <= 2 ? labels.join(', ') : `${labels[0]} +${labels.length - 1}`;
}

function OptionRow({
  option,
  checked,
  onToggle,
}: {
  option: Pick<FilterOption, 'label' | 'icon'>;
  checked: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <div className="flex min-h-9 items-center gap-2.5 rounded-md px-2 hover:bg-gray-50">
      <Checkbox.Root
        id={id}
        checked={checked}
        onCheckedChange={onToggle}
        className={cx(
          'flex size-4.5 shrink-0 items-center justify-center rounded border transition',
          'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/25',
          checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300 bg-white',
        )}
      >
        <Checkbox.Indicator>
          <Check size={12} strokeWidth={3} />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label
        htmlFor={id}
        className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 py-1.5 text-small text-gray-800"
      >
        {option.icon}
        <span className="truncate">{option.label}</span>
      </label>
    </div>
  );
}

/**
 * A filter of the shared filter bar (spec §2): a button that opens a checkbox list. Nothing selected means
 * "all"; the trigger shows what is selected.
 */
export function MultiSelectFilter({
  label,
  allLabel,
  options,
  selected,
  onChange,
  searchable = false,
  searchPlaceholder = FILTER_POPOVER_TEXT.search,
  showAll = true,
  className,
}: MultiSelectFilterProps) {
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const visible = needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  const groups = [...new Set(visible.map((option) => option.group ?? ''))];
  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value]);

  return (
    <Popover.Root onOpenChange={(open) => (open ? undefined : setQuery(''))}>
      <Popover.Trigger
        aria-label={label}
        className={cx(
          buttonClasses({ variant: 'secondary', size: 'md' }),
          'min-w-0 justify-between font-normal',
          selected.length > 0 &&
            'border-brand-300 bg-brand-50 text-brand-800 hover:border-brand-400 hover:bg-brand-50',
          className,
        )}
      >
        <span className="truncate">{triggerText(allLabel, options, selected)}</span>
        <ChevronDown size={16} className="shrink-0 text-gray-400" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-label={label}
          className="z-50 w-[min(18rem,calc(100vw-1.5rem))] rounded-xl border border-gray-200 bg-white p-1.5 shadow-pop data-[state=open]:animate-slide-down"
        >
          {searchable ? (
            <div className="relative mb-1.5">
              <Search
                size={15}
                className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-gray-400"
                aria-hidden
              />
              <input
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={searchPlaceholder}
                aria-label={searchPlaceholder}
                className="h-9 w-full rounded-md border border-gray-200 pr-2.5 pl-8 text-small outline-none focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15"
              />
            </div>
          ) : null}
          <div className="max-h-72 overflow-y-auto">
            {showAll && !needle ? (
              <OptionRow
                option={{ label: allLabel }}
                checked={selected.length === 0}
                onToggle={() => onChange([])}
              />
            ) : null}
            {groups.map((group) => (
              <div key={group || 'options'}>
                {group ? <p className="px-2 pt-2 pb-1 text-caption text-gray-500">{group}</p> : null}
                {visible
                  .filter((option) => (option.group ?? '') === group)
                  .map((option) => (
                    <OptionRow
                      key={option.value}
                      option={option}
                      checked={selected.includes(option.value)}
                      onToggle={() => toggle(option.value)}
                    />
                  ))}
              </div>
            ))}
            {visible.length === 0 ? (
              <p className="px-2 py-3 text-small text-gray-500">{FILTER_POPOVER_TEXT.nothingFound}</p>
            ) : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
