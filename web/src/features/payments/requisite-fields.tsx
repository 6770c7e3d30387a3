import {
  filterCardNumber,
  filterDigits,
  filterName,
  filterPhone,
  PAYMENT_EDIT_MAX_LENGTH,
  PAYMENT_MESSAGES,
} from '@app/shared';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { withInputFilter } from '../../ui/filtered-input.ts';
import { cx, Field, Input } from '../../ui/index.ts';

/** The four requisites as the form holds them (strings as typed). */
export interface RequisiteValues {
  name: string;
  card: string;
  phone_number: string;
  nomer_scheta: string;
}

export const REQUISITE_FIELDS = ['name', 'card', 'phone_number', 'nomer_scheta'] as const;
export type RequisiteField = (typeof REQUISITE_FIELDS)[number];

/**
 * The validation messages that no requisite input shows (e.g. a missing bank): a message is said once,
 * under its field, and only these go to the spec's validation summary toast.
 */
export function messagesWithoutField(errors: FieldErrors): string[] {
  return Object.entries(errors).flatMap(([field, error]) =>
    (REQUISITE_FIELDS as readonly string[]).includes(field) ||
    typeof error?.message !== 'string' ||
    !error.message
      ? []
      : [error.message],
  );
}

/** Name and card take a whole row; phone and account, which go together (spec §5), share the next one. */
const WIDE_FIELDS: ReadonlySet<RequisiteField> = new Set(['name', 'card']);

export const REQUISITE_LABELS: Record<RequisiteField, string> = {
  name: 'Имя владельца',
  card: 'Номер карты',
  phone_number: 'Номер телефона',
  nomer_scheta: 'Номер счета',
};

const FILTERS: Record<RequisiteField, (value: string) => string> = {
  name: filterName,
  card: (value) => filterCardNumber(value),
  phone_number: filterPhone,
  nomer_scheta: filterDigits,
};

const PLACEHOLDERS: Record<RequisiteField, string> = {
  name: 'Иван Петров',
  card: '0000 0000 0000 0000',
  phone_number: '+7 900 000-00-00',
  nomer_scheta: '40817810000000000000',
};

const INPUT_MODES: Record<RequisiteField, 'text' | 'numeric' | 'tel'> = {
  name: 'text',
  card: 'numeric',
  phone_number: 'tel',
  nomer_scheta: 'numeric',
};

export interface RequisiteFieldsProps<T extends FieldValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Fields that cannot change (filled requisites of a method that has been switched on). */
  locked?: Partial<Record<RequisiteField, boolean>>;
  /** Everything read-only (the method is Online). */
  disabled?: boolean;
}

/** The message under one field (react-hook-form keeps it as a string on the field's error). */
function errorText(errors: FieldErrors, field: RequisiteField): string | undefined {
  const message = errors[field]?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Owner name, card, phone and account inputs with the spec §5 input filters (card grouped by 4 as typed)
 * and the edit modal's max lengths.
 */
export function RequisiteFields<T extends FieldValues>({
  register,
  errors,
  locked = {},
  disabled = false,
}: RequisiteFieldsProps<T>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {REQUISITE_FIELDS.map((field) => (
        <Field
          key={field}
          label={REQUISITE_LABELS[field]}
          required={field === 'name'}
          error={errorText(errors, field)}
          hint={locked[field] && !disabled ? PAYMENT_MESSAGES.lockedField : undefined}
          className={WIDE_FIELDS.has(field) ? 'sm:col-span-2' : undefined}
        >
          <Input
            autoComplete="off"
            inputMode={INPUT_MODES[field]}
            placeholder={PLACEHOLDERS[field]}
            maxLength={PAYMENT_EDIT_MAX_LENGTH[field]}
            disabled={disabled}
            // Read-only rather than disabled: the form keeps sending the stored value unchanged.
            readOnly={locked[field]}
            className={cx(field !== 'name' && 'font-mono tabular-nums')}
            {...withInputFilter(register(field as Path<T>), FILTERS[field])}
          />
        </Field>
      ))}
    </div>
  );
}
