/**
 * Bank notifications in the console (issue 27), /admin/notifications: the unparsed texts newest first (terminal,
 * trader, app, sender, text) and the counts per day, bank and outcome, so a broken parser shows.
 */
import { type AdminNotificationStats, NOTIFICATION_OUTCOME_LABELS } from '@app/shared';
import { useState } from 'react';
import {
  Card,
  CardHeader,
  formatDate,
  PageHeader,
  Pagination,
  Table,
  TableBody,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../ui/index.ts';
import { LabelledSelect, QueryBody } from './admin-parts.tsx';
import { NOTIFICATIONS_TEXT as T } from './admin-text.ts';
import { ADMIN_PAGE_SIZE, useNotificationStats, useUnparsedNotifications } from './api.ts';

const OUTCOMES = ['matched', 'unmatched', 'ignored', 'unparsed'] as const;
const DAY_OPTIONS: ReadonlyArray<readonly [string, string]> = [7, 14, 30, 90].map(
  (days) => [String(days), T.daysOption(days)] as const,
);

function Unparsed() {
  const [page, setPage] = useState(1);
  const unparsed = useUnparsedNotifications(page);
  return (
    <Card padding="none" data-testid="admin-unparsed-card">
      <div className="px-4 pt-4 sm:px-6">
        <CardHeader title={T.unparsed} />
      </div>
      <QueryBody
        query={unparsed}
        testId="admin-unparsed"
        empty={T.empty}
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <>
            <ul className="divide-y divide-gray-100" data-testid="admin-unparsed">
              {data.results.map((item) => (
                <li
                  key={item.id}
                  className="flex flex-col gap-1 px-4 py-3 sm:px-6"
                  data-testid="admin-unparsed-item"
                >
                  <p className="text-caption text-gray-500">
                    {formatDate(item.created_at)} · {T.terminal}:{' '}
                    <span data-literal>{item.terminal_name}</span> · {T.trader}:{' '}
                    <span data-literal>{item.trader_email}</span>
                  </p>
                  <p className="text-caption text-gray-500">
                    {T.source}: <span data-literal>{item.source}</span> · {T.sender}:{' '}
                    <span data-literal>{item.sender}</span>
                  </p>
                  <p className="text-small break-words whitespace-pre-wrap text-gray-900" data-literal>
                    {item.title ? `${item.title}\n` : ''}
                    {item.body}
                  </p>
                </li>
              ))}
            </ul>
            <Pagination
              className="py-4"
              page={page}
              total={data.count}
              pageSize={ADMIN_PAGE_SIZE}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryBody>
    </Card>
  );
}

function StatsTable({ data }: { data: AdminNotificationStats }) {
  return (
    <Table data-testid="admin-notification-stats">
      <TableHead>
        <tr>
          <TableHeaderCell>{T.day}</TableHeaderCell>
          <TableHeaderCell>{T.bank}</TableHeaderCell>
          {OUTCOMES.map((outcome) => (
            <TableHeaderCell key={outcome} align="right">
              {NOTIFICATION_OUTCOME_LABELS[outcome]}
            </TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {data.rows.map((row) => (
          <TableRow key={`${row.day}-${row.bank}`}>
            <td className="px-4 py-2.5 whitespace-nowrap">{row.day.split('-').reverse().join('.')}</td>
            <td className="px-4 py-2.5" data-literal>
              {row.bank}
            </td>
            {OUTCOMES.map((outcome) => (
              <td
                key={outcome}
                className={`px-4 py-2.5 text-right tabular-nums ${outcome === 'unparsed' && row.unparsed ? 'font-semibold text-danger-700' : ''}`}
              >
                {row[outcome]}
              </td>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Stats() {
  const [days, setDays] = useState(14);
  const stats = useNotificationStats(days);
  return (
    <Card padding="md" data-testid="admin-stats-card">
      <CardHeader
        title={T.stats}
        actions={
          <LabelledSelect
            label={T.days}
            options={DAY_OPTIONS}
            value={String(days)}
            onChange={(event) => setDays(Number(event.target.value))}
          />
        }
      />
      <QueryBody
        query={stats}
        testId="admin-stats"
        empty={T.statsEmpty}
        isEmpty={(data) => data.rows.length === 0}
      >
        {(data) => <StatsTable data={data} />}
      </QueryBody>
    </Card>
  );
}

/** /admin/notifications */
export function NotificationsPage() {
  return (
    <>
      <PageHeader title={T.title} description={T.description} />
      <div className="flex flex-col gap-4">
        <Stats />
        <Unparsed />
      </div>
    </>
  );
}
