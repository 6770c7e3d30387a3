/**
 * One user in the console (issue 27), /admin/users/:id: the account, balances, methods, terminals, deals,
 * disputes, referrals and sessions, beside the actions (user-actions.tsx): lead flag, terms, rating, balance,
 * block and, for merchants, the API keys.
 */
import { type AdminUserDetail, ROLE_LABELS } from '@app/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { dealStatusText, disputeStatusText } from '../../labels/index.ts';
import {
  Badge,
  buttonClasses,
  Card,
  CardHeader,
  DetailRow,
  EmptyState,
  formatDate,
  formatRubles,
  formatUsdtText,
  PageHeader,
} from '../../ui/index.ts';
import { QueryBody } from './admin-parts.tsx';
import { ADMIN_TEXT, OVERVIEW_TEXT, USER_TEXT as T, USERS_TEXT } from './admin-text.ts';
import { useAdminUser } from './api.ts';
import { UserActions } from './user-actions.tsx';

function ListCard<T>({
  title,
  items,
  testId,
  render,
}: {
  title: string;
  items: T[];
  testId: string;
  render: (item: T) => ReactNode;
}) {
  return (
    <Card padding="md" data-testid={testId}>
      <CardHeader title={title} dense />
      {items.length ? (
        <ul className="divide-y divide-gray-100 text-small">{items.map(render)}</ul>
      ) : (
        <p className="text-small text-gray-500">{T.nothing}</p>
      )}
    </Card>
  );
}

function Line({ children }: { children: ReactNode }) {
  return <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">{children}</li>;
}

function Short({ id }: { id: string }) {
  return (
    <span className="font-mono text-caption text-gray-500" data-literal title={id}>
      {id.slice(0, 8)}
    </span>
  );
}

function Owned({ user }: { user: AdminUserDetail }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ListCard
        title={T.methods}
        testId="admin-user-methods"
        items={user.methods}
        render={(method) => (
          <Line key={method.id}>
            <span className="min-w-0 break-words text-gray-900">
              <span data-literal>{method.bank}</span> · <span data-literal>{method.requisites}</span>
            </span>
            <Badge tone={method.active ? 'success' : 'muted'}>{method.active ? T.active : T.inactive}</Badge>
          </Line>
        )}
      />
      <ListCard
        title={T.terminals}
        testId="admin-user-terminals"
        items={user.terminals}
        render={(terminal) => (
          <Line key={terminal.id}>
            <span className="min-w-0 break-words text-gray-900" data-literal>
              {terminal.name}
            </span>
            <span className="text-caption text-gray-500">
              {terminal.online ? T.online : T.offline}
              {terminal.last_seen_at ? ` · ${formatDate(terminal.last_seen_at)}` : ''}
            </span>
          </Line>
        )}
      />
      <ListCard
        title={T.deals}
        testId="admin-user-deals"
        items={user.deals}
        render={(deal) => (
          <Line key={deal.id}>
            <span className="flex items-center gap-2">
              <Short id={deal.id} />
              <span className="tabular-nums text-gray-900">{formatRubles(deal.amount_rub)}</span>
              <span className="text-caption text-gray-500">{formatUsdtText(deal.amount_usdt)}</span>
            </span>
            <span className="flex items-center gap-2">
              <Badge tone="neutral">{dealStatusText(deal.status)}</Badge>
              <span className="text-caption text-gray-500">{formatDate(deal.created_at)}</span>
            </span>
          </Line>
        )}
      />
      <ListCard
        title={T.disputes}
        testId="admin-user-disputes"
        items={user.disputes}
        render={(dispute) => (
          <Line key={dispute.id}>
            <Short id={dispute.id} />
            <span className="flex items-center gap-2">
              <Badge tone="neutral">{disputeStatusText(dispute.status)}</Badge>
              <span className="text-caption text-gray-500">{formatDate(dispute.created_at)}</span>
            </span>
          </Line>
        )}
      />
      <ListCard
        title={T.referrals}
        testId="admin-user-referrals"
        items={user.referrals}
        render={(referral) => (
          <Line key={referral.id}>
            <span className="break-all text-gray-900" data-literal>
              {referral.email}
            </span>
            <span className="text-caption text-gray-500">{formatDate(referral.created_at)}</span>
          </Line>
        )}
      />
      <ListCard
        title={T.sessions}
        testId="admin-user-sessions"
        items={user.sessions}
        render={(session) => (
          <Line key={session.id}>
            <span className="text-gray-900">{formatDate(session.created_at)}</span>
            <span className="text-caption text-gray-500">
              {T.lastSeen}: {formatDate(session.last_seen_at)} · {T.expires}: {formatDate(session.expires_at)}
            </span>
          </Line>
        )}
      />
    </div>
  );
}

function Account({ user }: { user: AdminUserDetail }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Card padding="md" data-testid="admin-user-account">
        <CardHeader title={T.account} dense />
        <dl>
          <DetailRow label={T.id}>
            <span className="font-mono text-caption break-all" data-literal>
              {user.id}
            </span>
          </DetailRow>
          <DetailRow label={T.username}>
            {user.username ? <span data-literal>{user.username}</span> : ADMIN_TEXT.none}
          </DetailRow>
          <DetailRow label={USERS_TEXT.role}>{ROLE_LABELS[user.role]}</DetailRow>
          <DetailRow label={USERS_TEXT.created}>{formatDate(user.created_at)}</DetailRow>
          <DetailRow label={T.referredBy}>
            {user.referred_by ? <span data-literal>{user.referred_by}</span> : ADMIN_TEXT.none}
          </DetailRow>
          {user.blocked_at ? <DetailRow label={T.blockedAt}>{formatDate(user.blocked_at)}</DetailRow> : null}
          {user.role === 'trader' ? (
            <DetailRow label={USERS_TEXT.rating}>{user.rating.replace('.', ',')}</DetailRow>
          ) : null}
        </dl>
      </Card>
      <Card padding="md" data-testid="admin-user-balances">
        <CardHeader title={T.balances} dense />
        <dl>
          <DetailRow label={USERS_TEXT.available}>{formatUsdtText(user.balances.available)}</DetailRow>
          <DetailRow label={OVERVIEW_TEXT.frozen}>{formatUsdtText(user.balances.frozen)}</DetailRow>
          <DetailRow label={OVERVIEW_TEXT.reserved}>{formatUsdtText(user.balances.reserved)}</DetailRow>
          <DetailRow label={OVERVIEW_TEXT.debt}>{formatUsdtText(user.balances.debt)}</DetailRow>
          <DetailRow label={T.totalProfit}>{formatUsdtText(user.balances.total_profit)}</DetailRow>
        </dl>
      </Card>
    </div>
  );
}

/** /admin/users/:id */
export function UserDetailPage() {
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  const back = (
    <Link to="/admin/users" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
      <ArrowLeft size={15} aria-hidden />
      {T.back}
    </Link>
  );
  if (user.isError && isApiError(user.error, 404)) {
    return (
      <>
        <PageHeader title={T.notFound} actions={back} />
        <EmptyState title={T.notFound} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={
          user.data ? (
            <span data-literal className="break-all">
              {user.data.email}
            </span>
          ) : (
            USERS_TEXT.user
          )
        }
        description={
          user.data ? (
            <span className="flex flex-wrap gap-2">
              <Badge tone="brand">{ROLE_LABELS[user.data.role]}</Badge>
              {user.data.is_lead ? <Badge tone="info">{USERS_TEXT.lead}</Badge> : null}
              {user.data.blocked ? <Badge tone="danger">{USERS_TEXT.blocked}</Badge> : null}
            </span>
          ) : undefined
        }
        actions={back}
      />
      <QueryBody query={user} testId="admin-user" rows={6}>
        {(data) => (
          <div className="flex flex-col gap-4" data-testid="admin-user">
            <Account user={data} />
            <UserActions user={data} />
            <Owned user={data} />
          </div>
        )}
      </QueryBody>
    </>
  );
}
