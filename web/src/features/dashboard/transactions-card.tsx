import { PAGE_SIZES } from '@app/shared/constants';
import { formatUsdtAmount } from '@app/shared/money';
import type { DashboardTransaction } from '@app/shared/wallet/dashboard';
import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import {
  ArrowLink,
  Card,
  CardHeader,
  formatDate,
  Pagination,
  Skeleton,
  StatusBadge,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  useMediaQuery,
} from '../../ui/index.ts';

/** Words of the Last Transaction card (spec §2 Home dashboard; the dashboard speaks English). */
export const DASHBOARD_TRANSACTIONS_TEXT = {
  title: 'Last Transaction',
  empty: 'No transactions yet',
  all: 'Все сделки',
  columns: {
    id: 'ID',
    date: 'Date',
    amount: 'Amount',
    profit: 'Profit',
    bank: 'Bank',
    progress: 'Progress',
  },
} as const;

/** Below this width the rows stack as small cards (spec §9 breakpoint 720 px). */
export const TRANSACTIONS_STACKED_QUERY = '(max-width: 720px)';

const SKELETON_KEYS = ['a', 'b', 'c'];

/** The first block of the deal's UUID; the whole id is in the title. */
const shortId = (id: string) => (id.length > 8 ? `${id.slice(0, 8)}…` : id);

function StackedRows({ rows }: { rows: DashboardTransaction[] }) {
  const { columns } = DASHBOARD_TRANSACTIONS_TEXT;
  return (
    <ul className="grid gap-2.5" data-testid="last-transactions" data-layout="stacked">
      {rows.map((row) => (
        <li
          key={row.id}
          data-testid="last-transaction"
          className="rounded-xl border border-gray-200 px-4 py-3 text-small"
        >
          <div className="flex items-center justify-between gap-2">
            <span className="truncate font-mono text-gray-800" title={row.id}>
              {shortId(row.id)}
            </span>
            <StatusBadge status={row.status} />
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5">
            <div>
              <dt className="text-caption text-gray-500">{columns.date}</dt>
              <dd className="tabular-nums text-gray-800">{formatDate(row.created_at)}</dd>
            </div>
            <div>
              <dt className="text-caption text-gray-500">{columns.bank}</dt>
              <dd className="truncate text-gray-800">{row.bank ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-caption text-gray-500">{columns.amount}</dt>
              <dd className="font-medium tabular-nums text-gray-900">{formatUsdtAmount(row.amount)}</dd>
            </div>
            <div>
              <dt className="text-caption text-gray-500">{columns.profit}</dt>
              <dd className="tabular-nums text-gray-800">{formatUsdtAmount(row.profit)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function RowsTable({ rows }: { rows: DashboardTransaction[] }) {
  const { columns } = DASHBOARD_TRANSACTIONS_TEXT;
  return (
    <Table data-testid="last-transactions" data-layout="table">
      <TableHead>
        <tr>
          <TableHeaderCell>{columns.id}</TableHeaderCell>
          <TableHeaderCell>{columns.date}</TableHeaderCell>
          <TableHeaderCell align="right">{columns.amount}</TableHeaderCell>
          <TableHeaderCell align="right">{columns.profit}</TableHeaderCell>
          <TableHeaderCell>{columns.bank}</TableHeaderCell>
          <TableHeaderCell>{columns.progress}</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="last-transaction">
            <TableCell>
              <span className="font-mono text-gray-800" title={row.id}>
                {shortId(row.id)}
              </span>
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">{formatDate(row.created_at)}</TableCell>
            <TableCell align="right" className="font-medium text-gray-900">
              {formatUsdtAmount(row.amount)}
            </TableCell>
            <TableCell align="right">{formatUsdtAmount(row.profit)}</TableCell>
            <TableCell>{row.bank ?? '—'}</TableCell>
            <TableCell>
              <StatusBadge status={row.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The dashboard's Last Transaction table (spec §2 Home dashboard): the dashboard answer's last deals with
 * ID, Date, Amount, Profit, Bank and Progress (the status badge), 5 per page, 'No transactions yet' when
 * there are none; stacked rows on narrow screens.
 */
export function TransactionsCard({ transactions }: { transactions: DashboardTransaction[] | undefined }) {
  const [page, setPage] = useState(1);
  const stacked = useMediaQuery(TRANSACTIONS_STACKED_QUERY);
  const size = PAGE_SIZES.dashboardTransactions;
  const pages = Math.max(1, Math.ceil((transactions?.length ?? 0) / size));
  const current = Math.min(page, pages);
  const shown = transactions?.slice((current - 1) * size, current * size) ?? [];

  return (
    <Card aria-labelledby="dashboard-transactions-title">
      <CardHeader
        dense
        titleId="dashboard-transactions-title"
        title={DASHBOARD_TRANSACTIONS_TEXT.title}
        actions={
          transactions?.length ? <ArrowLink to="/deal">{DASHBOARD_TRANSACTIONS_TEXT.all}</ArrowLink> : null
        }
      />
      {transactions === undefined ? (
        <div className="grid gap-2.5" aria-busy="true">
          {SKELETON_KEYS.map((key) => (
            <Skeleton key={key} className="h-12 rounded-lg" />
          ))}
        </div>
      ) : transactions.length === 0 ? (
        <div className="flex flex-col items-center px-4 py-8 text-center">
          <div className="mb-3 flex size-11 items-center justify-center rounded-xl bg-gray-100 text-gray-500">
            <ArrowLeftRight size={20} />
          </div>
          <p className="text-body font-medium text-gray-900">{DASHBOARD_TRANSACTIONS_TEXT.empty}</p>
        </div>
      ) : stacked ? (
        <StackedRows rows={shown} />
      ) : (
        <RowsTable rows={shown} />
      )}
      <Pagination
        className="mt-4"
        page={current}
        total={transactions?.length ?? 0}
        pageSize={size}
        onPageChange={setPage}
      />
    </Card>
  );
}
