/**
 * The audit log (issue 27), /admin/audit: every console and CLI action newest first, filtered on the server by
 * actor, action and target; each row says when, who, what (its Russian label), the target, before → after
 * and the reason.
 */
import {
  ADMIN_AUDIT_ACTION_LABELS,
  ADMIN_AUDIT_ACTIONS,
  type AdminAuditEntry,
  ROLE_LABELS,
  WITHDRAWAL_STATUS_LABELS,
} from '@app/shared';
import { useState } from 'react';
import { labelOf } from '../../labels/index.ts';
import {
  Badge,
  Card,
  FilterBar,
  formatDate,
  PageHeader,
  Pagination,
  ResetButton,
  useDebouncedSearch,
} from '../../ui/index.ts';
import { LabelledSelect, LabelledText, QueryBody } from './admin-parts.tsx';
import { ADMIN_TEXT, RATE_SOURCE_LABELS, AUDIT_TEXT as T, WEBHOOK_STATE_LABELS } from './admin-text.ts';
import { AUDIT_PAGE_SIZE, type AuditFilter, useAudit } from './api.ts';

const ACTION_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['', T.allActions],
  ...ADMIN_AUDIT_ACTIONS.map((action) => [action, ADMIN_AUDIT_ACTION_LABELS[action]] as const),
];

/** The fields the audit rows keep (server admin module and CLI), as the log names them. */
const AUDIT_FIELD_LABELS: Record<string, string> = {
  status: 'статус',
  txid: 'txid',
  name: 'название',
  full_name: 'полное название',
  popular: 'популярный',
  color: 'цвет',
  rub_per_usdt: 'курс',
  source: 'источник',
  state: 'состояние',
  attempts: 'попыток',
  ok: 'без расхождений',
  differences: 'расхождений',
  id: 'ID',
  role: 'роль',
  is_lead: 'лид',
  fee_pct: 'комиссия, %',
  reward_pct: 'вознаграждение, %',
  lead_share_pct: 'доля лида, %',
  blocked_at: 'заблокирован',
  sessions_ended: 'завершено сессий',
  points: 'баллы',
  available: 'доступно',
  amount: 'сумма',
  subject: 'объект',
  fee: 'комиссия',
};

/** Values that are a state of something, named as the rest of the product names them. */
const AUDIT_VALUE_LABELS: Record<string, Readonly<Record<string, string>>> = {
  status: WITHDRAWAL_STATUS_LABELS,
  state: WEBHOOK_STATE_LABELS,
  role: ROLE_LABELS,
  source: RATE_SOURCE_LABELS,
  subject: { trader: 'трейдер', method: 'реквизит' },
};

/** A moment as the server keeps it (ISO 8601), shown like every date of the console. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function fieldValueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return ADMIN_TEXT.none;
  if (typeof value === 'boolean') return value ? ADMIN_TEXT.yes : ADMIN_TEXT.no;
  const labels = AUDIT_VALUE_LABELS[key];
  if (labels && typeof value === 'string') return labelOf(labels, value, value);
  if (typeof value === 'object') return auditValueText(value);
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDate(value);
  // Amounts, percents and the rate are kept as '3.5'; a Russian screen writes '3,5'.
  if (typeof value === 'string' && /^-?\d+\.\d+$/.test(value)) return value.replace('.', ',');
  return String(value);
}

/**
 * A before/after value as one line: an object as "field: value" pairs with Russian field names and states in
 * the product's words, a list item by item, nothing as a dash.
 */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return ADMIN_TEXT.none;
  if (Array.isArray(value)) return value.map((item) => auditValueText(item)).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${AUDIT_FIELD_LABELS[key] ?? key}: ${fieldValueText(key, item)}`)
      .join(', ');
  }
  return typeof value === 'string' ? value : String(value);
}

function EntryRow({ entry }: { entry: AdminAuditEntry }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:px-6" data-testid="admin-audit-entry">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{labelOf(ADMIN_AUDIT_ACTION_LABELS, entry.action)}</Badge>
        <span className="text-small font-medium text-gray-900" data-literal>
          {entry.actor}
        </span>
        <span className="text-caption text-gray-500">{formatDate(entry.at)}</span>
      </div>
      {entry.target ? (
        <p className="text-caption text-gray-600">
          {T.target}:{' '}
          <span data-literal className="break-all">
            {entry.target}
          </span>
        </p>
      ) : null}
      <p className="text-caption break-words text-gray-600">
        {T.change}: <span data-literal>{auditValueText(entry.before)}</span> →{' '}
        <span data-literal>{auditValueText(entry.after)}</span>
      </p>
      {entry.reason ? (
        <p className="text-caption text-gray-600">
          {T.reason}: <span data-literal>{entry.reason}</span>
        </p>
      ) : null}
    </li>
  );
}

const NO_FILTER: AuditFilter = { actor: '', action: undefined, target: '' };

/** /admin/audit */
export function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const change = (next: Partial<AuditFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const [actor, setActor] = useDebouncedSearch(filter.actor ?? '', (text) => change({ actor: text.trim() }));
  const [target, setTarget] = useDebouncedSearch(filter.target ?? '', (text) =>
    change({ target: text.trim() }),
  );
  const audit = useAudit(filter, page);
  const filtered = Boolean(filter.actor || filter.action || filter.target);
  return (
    <>
      <PageHeader title={T.title} description={T.description} />
      <FilterBar className="mb-4" data-testid="admin-audit-filters">
        <LabelledText
          label={T.actor}
          placeholder={T.actorPlaceholder}
          value={actor}
          maxLength={254}
          onChange={(event) => setActor(event.target.value)}
        />
        <LabelledSelect
          label={T.action}
          options={ACTION_OPTIONS}
          value={filter.action ?? ''}
          onChange={(event) => change({ action: (event.target.value || undefined) as AuditFilter['action'] })}
        />
        <LabelledText
          label={T.target}
          placeholder={T.targetPlaceholder}
          value={target}
          maxLength={254}
          onChange={(event) => setTarget(event.target.value)}
        />
        <div className="self-end">
          <ResetButton
            label={T.reset}
            disabled={!filtered}
            onClick={() => {
              setFilter(NO_FILTER);
              setPage(1);
            }}
          />
        </div>
      </FilterBar>
      <Card padding="none">
        <QueryBody
          query={audit}
          testId="admin-audit"
          empty={filtered ? ADMIN_TEXT.emptyFiltered : T.empty}
          isEmpty={(data) => data.results.length === 0}
        >
          {(data) => (
            <>
              <ul className="divide-y divide-gray-100" data-testid="admin-audit">
                {data.results.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
              </ul>
              <Pagination
                className="py-4"
                page={page}
                total={data.count}
                pageSize={AUDIT_PAGE_SIZE}
                onPageChange={setPage}
              />
            </>
          )}
        </QueryBody>
      </Card>
    </>
  );
}
