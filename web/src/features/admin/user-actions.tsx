/**
 * A user's console actions (issue 27): the lead flag, the merchant fee / trader reward / lead share (code
 * change_terms), a rating adjustment with a reason, a balance adjustment with a reason (code adjust_balance,
 * the resulting balance shown before it is sent), block and unblock with a reason (code block_user) and a
 * merchant's API keys with revoke. The rules (fee never below a reward, …) are the server's; its messages show.
 */
import {
  type AdminUserDetail,
  adminBalanceBody,
  adminPercentField,
  adminRatingBody,
  adminRejectBody,
  formatUsdt,
  parseUsdt,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, LockOpen } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { readError } from '../../api/errors.ts';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  ConfirmModal,
  Field,
  formatDate,
  formatUsdtText,
  Input,
  notify,
  Skeleton,
  Switch,
} from '../../ui/index.ts';
import { TextArea, useOtpStep } from './admin-parts.tsx';
import { ADMIN_TEXT, USER_TEXT as T } from './admin-text.ts';
import {
  useAdjustBalance,
  useAdjustRating,
  usePatchUser,
  useRevokeApiKey,
  useUserApiKeys,
  withDot,
} from './api.ts';

const percentForm = z.object({ value: adminPercentField });
const balanceForm = adminBalanceBody.omit({ otp: true });
type BalanceForm = z.infer<typeof balanceForm>;

/** A failed call's text as a toast (the server's Russian words, spec §8). */
function toastError(error: unknown) {
  notify.error(readError(error).text);
}

function ActionCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card padding="md" data-testid={testId}>
      <CardHeader title={title} dense />
      {children}
    </Card>
  );
}

/** The reason box every audited action asks for (kept in the audit log). */
function ReasonField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<'reason'>;
  error?: string;
}) {
  return (
    <Field label={ADMIN_TEXT.reason} required error={error}>
      <TextArea placeholder={ADMIN_TEXT.reasonPlaceholder} maxLength={500} {...registration} />
    </Field>
  );
}

type TermKey = 'fee_pct' | 'reward_pct' | 'lead_share_pct';
const TERM_LABELS: Record<TermKey, string> = {
  fee_pct: T.fee,
  reward_pct: T.reward,
  lead_share_pct: T.leadShare,
};

function TermForm({ user, term }: { user: AdminUserDetail; term: TermKey }) {
  const patch = usePatchUser(user.id);
  const otp = useOtpStep('change_terms', T.confirmTerms);
  const current = user[term] ?? '';
  const form = useForm<z.infer<typeof percentForm>>({
    resolver: zodResolver(percentForm),
    defaultValues: { value: current.replace('.', ',') },
  });
  const submit = form.handleSubmit(({ value }) =>
    otp.start(
      async (code) => {
        await patch.mutateAsync({ [term]: withDot(value), otp: code });
        notify.success(ADMIN_TEXT.saved);
      },
      <p className="text-center text-small text-gray-600">
        {TERM_LABELS[term]}: {value}
      </p>,
    ),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      data-testid={`admin-term-${term}`}
    >
      <Field
        label={TERM_LABELS[term]}
        hint={T.current(current.replace('.', ','))}
        error={form.formState.errors.value?.message}
        className="flex-1"
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register('value')} />
      </Field>
      <Button type="submit" variant="secondary" className="sm:mt-7" loading={otp.sending}>
        {ADMIN_TEXT.save}
      </Button>
      {otp.modal}
    </form>
  );
}

function TermsCard({ user }: { user: AdminUserDetail }) {
  const patch = usePatchUser(user.id);
  const terms = (['fee_pct', 'reward_pct', 'lead_share_pct'] as const).filter((term) => user[term] !== null);
  const toggleLead = async (next: boolean) => {
    try {
      await patch.mutateAsync({ is_lead: next });
      notify.success(next ? T.leadOn : T.leadOff);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <ActionCard title={T.terms} testId="admin-user-terms">
      <div className="flex flex-col gap-4">
        {user.role === 'trader' ? (
          <Switch
            checked={user.is_lead}
            disabled={patch.isPending}
            onCheckedChange={(next) => void toggleLead(next)}
            label={T.leadFlag}
            description={T.leadHint}
          />
        ) : null}
        {terms.map((term) => (
          <TermForm key={term} user={user} term={term} />
        ))}
      </div>
    </ActionCard>
  );
}

function RatingCard({ user }: { user: AdminUserDetail }) {
  const adjust = useAdjustRating(user.id);
  const form = useForm<z.infer<typeof adminRatingBody>>({
    resolver: zodResolver(adminRatingBody),
    defaultValues: { points: '', reason: '' },
  });
  const submit = form.handleSubmit(async ({ points, reason }) => {
    try {
      await adjust.mutateAsync({ points: withDot(points), reason });
      notify.success(T.ratingDone);
      form.reset({ points: '', reason: '' });
    } catch (error) {
      toastError(error);
    }
  });
  return (
    <ActionCard title={T.rating} testId="admin-user-rating">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field
          label={T.ratingPoints}
          hint={T.ratingHint}
          required
          error={form.formState.errors.points?.message}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder="+6" {...form.register('points')} />
        </Field>
        <ReasonField registration={form.register('reason')} error={form.formState.errors.reason?.message} />
        <Button type="submit" variant="secondary" loading={adjust.isPending} className="self-start">
          {T.ratingSubmit}
        </Button>
      </form>
    </ActionCard>
  );
}

/** The available balance after adding a signed amount typed with a comma or a dot; null while it is no amount. */
export function balanceAfter(available: string, amount: string): string | null {
  const text = withDot(amount);
  const negative = text.startsWith('-');
  const micro = parseUsdt(text.replace(/^[+-]/, ''));
  const base = parseUsdt(available);
  if (micro === null || base === null || text.replace(/^[+-]/, '') === '') return null;
  return formatUsdt(base + (negative ? -micro : micro));
}

function BalanceCard({ user }: { user: AdminUserDetail }) {
  const adjust = useAdjustBalance(user.id);
  const form = useForm<BalanceForm>({
    resolver: zodResolver(balanceForm),
    defaultValues: { amount: '', reason: '' },
  });
  const otp = useOtpStep('adjust_balance', T.confirmBalance);
  const after = balanceAfter(user.balances.available, form.watch('amount'));
  const submit = form.handleSubmit(({ amount, reason }) =>
    otp.start(
      async (code) => {
        await adjust.mutateAsync({ amount: withDot(amount), reason, otp: code });
        notify.success(T.balanceDone);
        form.reset({ amount: '', reason: '' });
      },
      after === null ? undefined : (
        <p className="text-center text-small text-gray-600">{T.balanceResult(formatUsdtText(after))}</p>
      ),
    ),
  );
  return (
    <ActionCard title={T.balance} testId="admin-user-balance">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field
          label={T.balanceAmount}
          hint={T.balanceHint}
          required
          error={form.formState.errors.amount?.message}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder="+100" {...form.register('amount')} />
        </Field>
        {after !== null ? (
          <p className="text-small font-medium text-gray-800" data-testid="admin-balance-after">
            {T.balanceResult(formatUsdtText(after))}
          </p>
        ) : null}
        <ReasonField registration={form.register('reason')} error={form.formState.errors.reason?.message} />
        <Button type="submit" variant="secondary" loading={otp.sending} className="self-start">
          {T.balanceSubmit}
        </Button>
      </form>
      {otp.modal}
    </ActionCard>
  );
}

function BlockCard({ user }: { user: AdminUserDetail }) {
  const patch = usePatchUser(user.id);
  const otp = useOtpStep('block_user', T.confirmBlock);
  const form = useForm<z.infer<typeof adminRejectBody>>({
    resolver: zodResolver(adminRejectBody),
    defaultValues: { reason: '' },
  });
  const blocking = !user.blocked;
  const submit = form.handleSubmit(({ reason }) =>
    otp.start(async (code) => {
      await patch.mutateAsync({ blocked: blocking, reason, otp: code });
      notify.success(blocking ? T.blockDone : T.unblockDone);
      form.reset({ reason: '' });
    }),
  );
  return (
    <ActionCard title={T.blockTitle} testId="admin-user-block">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <p className="text-small text-gray-600">{blocking ? T.blockHint : T.unblockHint}</p>
        <ReasonField registration={form.register('reason')} error={form.formState.errors.reason?.message} />
        <Button
          type="submit"
          variant={blocking ? 'danger' : 'secondary'}
          leftIcon={blocking ? <Ban size={15} /> : <LockOpen size={15} />}
          loading={otp.sending}
          className="self-start"
        >
          {blocking ? T.block : T.unblock}
        </Button>
      </form>
      {otp.modal}
    </ActionCard>
  );
}

function ApiKeysCard({ user }: { user: AdminUserDetail }) {
  const keys = useUserApiKeys(user.id);
  const revoke = useRevokeApiKey(user.id);
  const [asked, setAsked] = useState<{ id: string; name: string } | null>(null);
  const confirm = async () => {
    if (!asked) return;
    try {
      await revoke.mutateAsync(asked.id);
      notify.success(T.revokeDone);
      setAsked(null);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <ActionCard title={T.apiKeys} testId="admin-user-api-keys">
      {keys.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : keys.isError ? (
        <p className="text-small text-danger-700">{readError(keys.error, ADMIN_TEXT.loadFailed).text}</p>
      ) : keys.data.results.length === 0 ? (
        <p className="text-small text-gray-500">{T.apiKeysEmpty}</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-small">
          {keys.data.results.map((key) => (
            <li
              key={key.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="admin-api-key"
            >
              <div className="min-w-0">
                <p className="font-medium text-gray-900">
                  <span data-literal>{key.name}</span>{' '}
                  <span className="font-mono text-caption text-gray-500" data-literal>
                    {key.prefix}
                  </span>
                </p>
                <p className="text-caption text-gray-500">
                  {T.lastUsed}: {key.last_used_at ? formatDate(key.last_used_at) : T.never}
                </p>
              </div>
              {key.revoked_at ? (
                <Badge tone="muted">{T.revoked}</Badge>
              ) : (
                <Button size="sm" variant="danger" onClick={() => setAsked({ id: key.id, name: key.name })}>
                  {T.revoke}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
        title={T.revokeTitle}
        description={asked ? T.revokeDescription(asked.name) : ''}
        confirmLabel={T.revoke}
        busy={revoke.isPending}
        onConfirm={() => void confirm()}
      />
    </ActionCard>
  );
}

/** The actions that fit the user's role: terms for all, rating for traders, API keys for merchants. */
export function UserActions({ user }: { user: AdminUserDetail }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="admin-user-actions">
      {user.role === 'trader' ||
      user.fee_pct !== null ||
      user.reward_pct !== null ||
      user.lead_share_pct !== null ? (
        <TermsCard user={user} />
      ) : null}
      {user.role === 'trader' ? <RatingCard user={user} /> : null}
      <BalanceCard user={user} />
      <BlockCard user={user} />
      {user.role === 'merchant' ? <ApiKeysCard user={user} /> : null}
    </div>
  );
}
