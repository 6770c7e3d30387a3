import { PAGE_SIZES } from '@app/shared/constants';
import type { DashboardTerminal } from '@app/shared/wallet/dashboard';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLink, buttonClasses, Card, CardHeader, cx, Pagination, Skeleton } from '../../ui/index.ts';
import { DeviceCard } from '../terminals/device-card.tsx';

/** Words of the dashboard's terminals card (spec §2 Home dashboard 'Threat by terminals'; the dashboard speaks English). */
export const DASHBOARD_TERMINALS_TEXT = {
  title: 'Threat by terminals',
  empty: 'No terminals yet',
  all: 'Все терминалы',
  add: 'Перейти к терминалам',
} as const;

const SKELETON_KEYS = ['a', 'b', 'c'];

/**
 * The dashboard's terminals (spec §2 Home dashboard, §8 Dashboard and terminals): device cards (Device ID,
 * name, battery ring; 12 % while the phone has not reported) of the dashboard's `terminals`, 5 per page, and
 * 'No terminals yet' with a way to /terminals.
 */
export function TerminalsCard({ terminals }: { terminals: DashboardTerminal[] | undefined }) {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.dashboardTerminals;
  const pages = Math.max(1, Math.ceil((terminals?.length ?? 0) / size));
  const current = Math.min(page, pages);
  const shown = terminals?.slice((current - 1) * size, current * size) ?? [];

  return (
    <Card aria-labelledby="dashboard-terminals-title">
      <CardHeader
        dense
        titleId="dashboard-terminals-title"
        title={DASHBOARD_TERMINALS_TEXT.title}
        actions={
          terminals?.length ? <ArrowLink to="/terminals">{DASHBOARD_TERMINALS_TEXT.all}</ArrowLink> : null
        }
      />
      {terminals === undefined ? (
        <div className="grid gap-2.5" aria-busy="true">
          {SKELETON_KEYS.map((key) => (
            <Skeleton key={key} className="h-[4.5rem] rounded-xl" />
          ))}
        </div>
      ) : terminals.length === 0 ? (
        <div className="flex flex-col items-center px-4 py-8 text-center">
          <div className="mb-3 flex size-11 items-center justify-center rounded-xl bg-gray-100 text-gray-500">
            <Smartphone size={20} />
          </div>
          <p className="text-body font-medium text-gray-900">{DASHBOARD_TERMINALS_TEXT.empty}</p>
          <Link to="/terminals" className={cx(buttonClasses({ variant: 'secondary', size: 'sm' }), 'mt-4')}>
            {DASHBOARD_TERMINALS_TEXT.add}
          </Link>
        </div>
      ) : (
        <ul
          className="grid grid-cols-1 gap-2.5 min-[900px]:grid-cols-2"
          aria-label={DASHBOARD_TERMINALS_TEXT.title}
        >
          {shown.map((terminal) => (
            <li key={terminal.id} className="min-w-0">
              <DeviceCard id={terminal.id} name={terminal.name} phoneCharge={terminal.phone_charge} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        className="mt-4"
        page={current}
        total={terminals?.length ?? 0}
        pageSize={size}
        onPageChange={setPage}
      />
    </Card>
  );
}
