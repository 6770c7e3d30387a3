/**
 * The withdrawal queue (issue 27), /admin/withdrawals: a status filter (open by default), each withdrawal
 * with its user, amount, fee, address and the address's whitelist age, the user's recent deposits and
 * disputes; approve a held one (code approve_withdrawal), reject a held or approved one with a reason (funds
 * return), mark one sent by hand with its txid (code mark_sent). The CLI's rules, applied by the server.
 */
import { type AdminWithdrawal, adminMarkSentBody, adminRejectBody, WITHDRAWAL_STATUSES } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Send, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { readError } from '../../api/errors.ts';
import { disputeStatusText, withdrawalStatusText } from '../../labels/index.ts';
import { FormModalFooter } from '../../ui/form-modal-footer.tsx';
import {
  Badge,
  Button,
  Field,
  formatDate,
  formatDuration,
  formatUsdtText,
  Input,
  Modal,
  notify,
  PageHeader,
  Pagination,
  RecordCard,
  RecordCardGrid,
  RecordFact,
  RecordFacts,
} from '../../ui/index.ts';
import { LabelledSelect, QueryBody, TextArea, useOtpStep } from './admin-parts.tsx';
import { ADMIN_TEXT, WITHDRAWALS_ADMIN_TEXT as T } from './admin-text.ts';
import { ADMIN_PAGE_SIZE, useAdminWithdrawals, useWithdrawalAction } from './api.ts';

const STATUS_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['open', T.open],
  ...WITHDRAWAL_STATUSES.map((status) => [status, withdrawalStatusText(status)] as const),
];

const TONES: Record<string, 'warning' | 'info' | 'success' | 'danger' | 'neutral'> = {
  held: 'warning',
  approved: 'info',
  signing: 'info',
  signed: 'info',
  broadcast: 'info',
  confirmed: 'success',
  failed: 'danger',
  rejected: 'danger',
};

const FACT = 'min-w-0 break-words font-medium text-gray-900';

type Dialog = { kind: 'reject' | 'mark-sent'; withdrawal: AdminWithdrawal } | null;

function RejectModal({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const act = useWithdrawalAction();
  const form = useForm<z.infer<typeof adminRejectBody>>({
    resolver: zodResolver(adminRejectBody),
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await act.mutateAsync({ id: withdrawal.id, action: 'reject', body });
      notify.success(T.rejected);
      onClose();
    } catch (error) {
      notify.error(readError(error).text);
    }
  });
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !act.isPending) onClose();
      }}
      title={T.rejectTitle}
      description={`${T.rejectDescription} ${formatUsdtText(withdrawal.amount)} + ${formatUsdtText(withdrawal.fee)}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={act.isPending}>
            {ADMIN_TEXT.cancel}
          </Button>
          <Button variant="danger" type="submit" form="admin-reject-withdrawal" loading={act.isPending}>
            {T.reject}
          </Button>
        </>
      }
    >
      <form id="admin-reject-withdrawal" onSubmit={submit} noValidate>
        <Field label={ADMIN_TEXT.reason} required error={form.formState.errors.reason?.message}>
          <TextArea placeholder={ADMIN_TEXT.reasonPlaceholder} maxLength={500} {...form.register('reason')} />
        </Field>
      </form>
    </Modal>
  );
}

const txidForm = adminMarkSentBody.omit({ otp: true });

function MarkSentModal({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const act = useWithdrawalAction();
  const [asking, setAsking] = useState(true);
  const otp = useOtpStep('mark_sent', T.markSentConfirm, onClose);
  const form = useForm<z.infer<typeof txidForm>>({
    resolver: zodResolver(txidForm),
    defaultValues: { txid: '' },
  });
  const submit = form.handleSubmit(async ({ txid }) => {
    const sent = await otp.start(async (code) => {
      await act.mutateAsync({ id: withdrawal.id, action: 'mark-sent', body: { txid, otp: code } });
      notify.success(T.markedSent);
    });
    if (sent) setAsking(false);
  });
  return (
    <>
      <Modal
        open={asking}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title={T.markSentTitle}
        description={T.markSentDescription}
        size="sm"
        footer={
          <FormModalFooter
            formId="admin-mark-sent"
            submitLabel={T.markSent}
            onCancel={onClose}
            submitting={otp.sending}
          />
        }
      >
        <form id="admin-mark-sent" onSubmit={submit} noValidate>
          <Field label={T.txid} required error={form.formState.errors.txid?.message}>
            <Input autoComplete="off" placeholder={T.txidPlaceholder} {...form.register('txid')} />
          </Field>
        </form>
      </Modal>
      {otp.modal}
    </>
  );
}

function whitelistText(withdrawal: AdminWithdrawal): string {
  if (!withdrawal.whitelisted_at) return T.notWhitelisted;
  const seconds = Math.max(0, (Date.now() - new Date(withdrawal.whitelisted_at).getTime()) / 1000);
  const age = seconds < 86_400 ? formatDuration(seconds) : T.days(Math.floor(seconds / 86_400));
  return `${formatDate(withdrawal.whitelisted_at)} (${age})`;
}

function WithdrawalCard({
  withdrawal,
  onApprove,
  onDialog,
}: {
  withdrawal: AdminWithdrawal;
  onApprove: (withdrawal: AdminWithdrawal) => void;
  onDialog: (dialog: Dialog) => void;
}) {
  const held = withdrawal.status === 'held';
  const open = held || withdrawal.status === 'approved';
  return (
    <RecordCard
      testId="admin-withdrawal"
      id={
        <span className="font-mono text-caption text-gray-500" data-literal title={withdrawal.id}>
          {withdrawal.id.slice(0, 8)}
        </span>
      }
      status={
        <Badge tone={TONES[withdrawal.status] ?? 'neutral'} dot>
          {withdrawalStatusText(withdrawal.status)}
        </Badge>
      }
    >
      <RecordFacts>
        <RecordFact label={T.user} className="col-span-2" valueClassName={FACT}>
          <Link
            to={`/admin/users/${withdrawal.user_id}`}
            className="text-brand-700 hover:underline"
            data-literal
          >
            {withdrawal.email}
          </Link>
        </RecordFact>
        <RecordFact label={T.amount} valueClassName={`${FACT} tabular-nums`}>
          {formatUsdtText(withdrawal.amount)}
        </RecordFact>
        <RecordFact label={T.fee} valueClassName={`${FACT} tabular-nums`}>
          {formatUsdtText(withdrawal.fee)}
        </RecordFact>
        <RecordFact
          label={T.address}
          className="col-span-2"
          valueClassName={`${FACT} break-all font-mono text-caption`}
        >
          <span data-literal>{withdrawal.to_address}</span>
        </RecordFact>
        <RecordFact label={T.whitelisted} className="col-span-2" valueClassName={FACT}>
          {whitelistText(withdrawal)}
        </RecordFact>
        <RecordFact label={T.created} valueClassName={FACT}>
          {formatDate(withdrawal.created_at)}
        </RecordFact>
        {withdrawal.txid ? (
          <RecordFact
            label={T.txid}
            className="col-span-2"
            valueClassName={`${FACT} break-all font-mono text-caption`}
          >
            <span data-literal>{withdrawal.txid}</span>
          </RecordFact>
        ) : null}
      </RecordFacts>
      <div className="grid grid-cols-1 gap-3 text-caption text-gray-600 sm:grid-cols-2">
        <div>
          <p className="font-medium text-gray-500 uppercase">{T.deposits}</p>
          {withdrawal.recent_deposits.length ? (
            <ul>
              {withdrawal.recent_deposits.map((deposit) => (
                <li key={deposit.txid}>
                  {formatUsdtText(deposit.amount)} · {formatDate(deposit.at)}
                </li>
              ))}
            </ul>
          ) : (
            <p>{ADMIN_TEXT.none}</p>
          )}
        </div>
        <div>
          <p className="font-medium text-gray-500 uppercase">{T.disputes}</p>
          {withdrawal.recent_disputes.length ? (
            <ul>
              {withdrawal.recent_disputes.map((dispute) => (
                <li key={dispute.id}>
                  {disputeStatusText(dispute.status)} · {formatDate(dispute.created_at)}
                </li>
              ))}
            </ul>
          ) : (
            <p>{ADMIN_TEXT.none}</p>
          )}
        </div>
      </div>
      {open ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {held ? (
            <Button size="sm" leftIcon={<Check size={14} />} onClick={() => onApprove(withdrawal)}>
              {T.approve}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            leftIcon={<Send size={14} />}
            onClick={() => onDialog({ kind: 'mark-sent', withdrawal })}
          >
            {T.markSent}
          </Button>
          <Button
            size="sm"
            variant="danger"
            leftIcon={<X size={14} />}
            onClick={() => onDialog({ kind: 'reject', withdrawal })}
          >
            {T.reject}
          </Button>
        </div>
      ) : null}
    </RecordCard>
  );
}

/** /admin/withdrawals */
export function WithdrawalsPage() {
  const [status, setStatus] = useState('open');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const withdrawals = useAdminWithdrawals(status, page);
  const act = useWithdrawalAction();
  const approve = useOtpStep('approve_withdrawal', T.approveTitle);
  const startApprove = (withdrawal: AdminWithdrawal) =>
    void approve.start(
      async (code) => {
        await act.mutateAsync({ id: withdrawal.id, action: 'approve', body: { otp: code } });
        notify.success(T.approved);
      },
      <p className="text-center text-small text-gray-600">
        {formatUsdtText(withdrawal.amount)} →{' '}
        <span data-literal className="break-all">
          {withdrawal.to_address}
        </span>
      </p>,
    );
  return (
    <>
      <PageHeader title={T.title} description={T.description} />
      <div className="mb-4 flex">
        <LabelledSelect
          label={T.status}
          options={STATUS_OPTIONS}
          value={status}
          className="w-full sm:w-64"
          onChange={(event) => {
            setStatus(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <QueryBody
        query={withdrawals}
        testId="admin-withdrawals"
        empty={T.empty}
        isEmpty={(data) => data.results.length === 0}
      >
        {(data) => (
          <>
            <RecordCardGrid data-testid="admin-withdrawals" className="xl:grid-cols-3">
              {data.results.map((withdrawal) => (
                <WithdrawalCard
                  key={withdrawal.id}
                  withdrawal={withdrawal}
                  onApprove={startApprove}
                  onDialog={setDialog}
                />
              ))}
            </RecordCardGrid>
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
      {approve.modal}
      {dialog?.kind === 'reject' ? (
        <RejectModal withdrawal={dialog.withdrawal} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'mark-sent' ? (
        <MarkSentModal withdrawal={dialog.withdrawal} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
