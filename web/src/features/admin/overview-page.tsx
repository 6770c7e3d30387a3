/**
 * The console's overview (issue 27): users by role, USDT by state, the platform fee, the queues that need an
 * operator (each linking to its page), the components from /health with their age, and the last ledger check
 * with a button that runs one now.
 */
import { type AdminLedgerVerification, type AdminOverview, ROLE_LABELS } from '@app/shared';
import { CircleCheck, CircleX, RefreshCw, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { readError } from '../../api/errors.ts';
import { labelOf } from '../../labels/index.ts';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  formatCount,
  formatDate,
  formatDuration,
  formatUsdtText,
  notify,
  PageHeader,
} from '../../ui/index.ts';
import { QueryBody, StatTile } from './admin-parts.tsx';
import { COMPONENT_LABELS, OVERVIEW_TEXT as T } from './admin-text.ts';
import { useOverview, useRecomputeRatings, useRunLedgerVerify } from './api.ts';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="mb-6" data-testid={testId}>
      <h2 className="mb-3 text-caption font-medium tracking-wide text-gray-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}

const GRID = 'grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6';
/** Amounts ("1 500,50 USDT" never wraps) get a whole row on phones. */
const MONEY_GRID = 'grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5';

function Figures({ data }: { data: AdminOverview }) {
  return (
    <>
      <Section title={T.users} testId="admin-overview-users">
        <dl className={GRID}>
          {(['trader', 'merchant', 'support', 'admin'] as const).map((role) => (
            <StatTile key={role} label={ROLE_LABELS[role]} value={formatCount(data.users[role])} />
          ))}
          <StatTile label={T.leads} value={formatCount(data.users.leads)} />
          <StatTile label={T.blocked} value={formatCount(data.users.blocked)} />
        </dl>
      </Section>
      <Section title={T.usdt} testId="admin-overview-usdt">
        <dl className={MONEY_GRID}>
          <StatTile label={T.available} value={formatUsdtText(data.usdt.available)} />
          <StatTile label={T.frozen} value={formatUsdtText(data.usdt.frozen)} />
          <StatTile label={T.reserved} value={formatUsdtText(data.usdt.reserved)} />
          <StatTile label={T.debt} value={formatUsdtText(data.usdt.debt)} />
          <StatTile label={T.inFlight} value={formatUsdtText(data.usdt.in_flight)} />
        </dl>
      </Section>
      <Section title={T.fee} testId="admin-overview-fee">
        <dl className={MONEY_GRID}>
          <StatTile label={T.feeToday} value={formatUsdtText(data.platform_fee.today)} />
          <StatTile label={T.feeTotal} value={formatUsdtText(data.platform_fee.total)} />
        </dl>
      </Section>
      <Section title={T.queues} testId="admin-overview-queues">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          <StatTile label={T.openDisputes} value={formatCount(data.open_disputes)} />
          <StatTile
            label={T.heldWithdrawals}
            value={formatCount(data.held_withdrawals)}
            to="/admin/withdrawals"
            tone={data.held_withdrawals ? 'attention' : 'neutral'}
          />
          <StatTile
            label={T.failedWebhooks}
            value={formatCount(data.failed_webhooks)}
            to="/admin/webhooks"
            tone={data.failed_webhooks ? 'attention' : 'neutral'}
          />
          <StatTile
            label={T.unparsed}
            value={formatCount(data.unparsed_notifications)}
            to="/admin/notifications"
            tone={data.unparsed_notifications ? 'attention' : 'neutral'}
          />
        </dl>
      </Section>
    </>
  );
}

function Components({ data }: { data: AdminOverview }) {
  return (
    <Card padding="md" data-testid="admin-overview-components">
      <CardHeader title={T.components} />
      <ul className="divide-y divide-gray-100">
        {data.components.map((component) => (
          <li key={component.name} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
            <div className="min-w-0">
              <p className="text-small font-medium text-gray-900">
                {labelOf(COMPONENT_LABELS, component.name, component.name)}
              </p>
              <p className="text-caption text-gray-500">
                {component.age_s === null ? T.noAge : T.age(formatDuration(component.age_s))}
              </p>
            </div>
            <Badge tone={!component.ok ? 'danger' : component.degraded ? 'warning' : 'success'} dot>
              {!component.ok ? T.componentDown : component.degraded ? T.componentDegraded : T.componentOk}
            </Badge>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function LedgerResult({ result }: { result: AdminLedgerVerification | null }) {
  if (!result) return <p className="text-small text-gray-500">{T.ledgerNever}</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {result.ok ? (
          <Badge tone="success">
            <CircleCheck size={13} aria-hidden />
            {T.ledgerOk}
          </Badge>
        ) : (
          <Badge tone="danger">
            <CircleX size={13} aria-hidden />
            {T.ledgerBad(result.differences.length)}
          </Badge>
        )}
        <span className="text-caption text-gray-500">
          {formatDate(result.at)}, {T.ranBy} <span data-literal>{result.actor}</span>
        </span>
      </div>
      {result.differences.length ? (
        <ul className="divide-y divide-gray-100 text-small">
          {result.differences.map((difference) => (
            <li key={difference.account} className="grid gap-1 py-2 sm:grid-cols-3">
              <span className="break-all text-gray-900" data-literal>
                {difference.account}
              </span>
              <span className="text-gray-600">
                {T.expected}: <span className="tabular-nums">{difference.expected}</span>
              </span>
              <span className="text-gray-600">
                {T.actual}: <span className="tabular-nums">{difference.actual}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Ledger({ data }: { data: AdminOverview }) {
  const run = useRunLedgerVerify();
  const verify = async () => {
    try {
      await run.mutateAsync();
      notify.success(T.ledgerDone);
    } catch (error) {
      notify.error(readError(error).text);
    }
  };
  return (
    <Card padding="md" data-testid="admin-overview-ledger">
      <CardHeader
        title={T.ledger}
        actions={
          <Button
            size="sm"
            leftIcon={<ShieldCheck size={15} />}
            loading={run.isPending}
            onClick={() => void verify()}
          >
            {T.ledgerRun}
          </Button>
        }
      />
      <LedgerResult result={data.ledger_verify} />
    </Card>
  );
}

/** The CLI's rating-recompute from the console: every rating rebuilt from its events, differences set right. */
function Ratings() {
  const run = useRecomputeRatings();
  const recompute = async () => {
    try {
      const result = await run.mutateAsync();
      notify.success(result.corrected ? T.ratingsCorrected(result.corrected) : T.ratingsClean);
    } catch (error) {
      notify.error(readError(error).text);
    }
  };
  return (
    <Card padding="md" data-testid="admin-overview-ratings">
      <CardHeader
        title={T.ratings}
        actions={
          <Button
            size="sm"
            variant="secondary"
            leftIcon={<RefreshCw size={15} />}
            loading={run.isPending}
            onClick={() => void recompute()}
          >
            {T.ratingsRun}
          </Button>
        }
      />
      <p className="text-small text-gray-500">{T.ratingsHint}</p>
    </Card>
  );
}

/** /admin: the platform at a glance. */
export function OverviewPage() {
  const overview = useOverview();
  return (
    <>
      <PageHeader title={T.title} description={T.description} />
      <QueryBody query={overview} testId="admin-overview" rows={6}>
        {(data) => (
          <div data-testid="admin-overview">
            <Figures data={data} />
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <Components data={data} />
              <div className="flex flex-col gap-4">
                <Ledger data={data} />
                <Ratings />
              </div>
            </div>
          </div>
        )}
      </QueryBody>
    </>
  );
}
