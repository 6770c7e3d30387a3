import type { DisputeResolveBody } from '@app/shared/disputes/contracts';
import { type DisputeVerdictInput, disputeVerdictForm } from '@app/shared/disputes/forms';
import {
  DISPUTE_MESSAGES,
  DISPUTE_RESOLUTIONS,
  type DisputeFileSide,
  type DisputeRole,
  disputeFileError,
  isDisputeCompleted,
} from '@app/shared/disputes/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2, Upload } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { readError } from '../../api/errors.ts';
import { labelOf } from '../../labels/index.ts';
import { formatRubles } from '../../ui/format-rubles.ts';
import {
  Button,
  ConfirmModal,
  DetailRow,
  DetailSection,
  ErrorState,
  formatDate,
  IconButton,
  Modal,
  notify,
} from '../../ui/index.ts';
import { OutboundLink } from '../../ui/outbound-link.tsx';
import { SkeletonStack } from '../../ui/skeleton-stack.tsx';
import {
  type DisputeDetail,
  type DisputeFile,
  uploadErrorText,
  useDeleteEvidence,
  useDisputeDetail,
  useResolveDispute,
  useUploadEvidence,
} from './api.ts';
import {
  ACTION_LABELS,
  DisputeStatusBadge,
  disputeRequisite,
  formatUsdtAmount,
  historyActorLabel,
  ORDER_TYPE_LABELS,
  shortHash,
  DISPUTE_PAGE_TEXT as TEXT,
} from './dispute-parts.tsx';

function FileList({
  title,
  files,
  canDelete,
  onDelete,
  testId,
}: {
  title: string;
  files: DisputeFile[];
  canDelete: boolean;
  onDelete: (file: DisputeFile) => void;
  testId: string;
}) {
  return (
    <div className="mt-3 first:mt-0" data-testid={testId}>
      <p className="mb-1.5 text-small font-medium text-gray-800">{title}</p>
      {files.length === 0 ? (
        <p className="text-small text-gray-500">{TEXT.noFiles}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {files.map((file) => (
            <li
              key={file.id}
              className="flex items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2"
              data-testid="dispute-file"
            >
              <div className="min-w-0">
                <OutboundLink
                  href={file.url}
                  className="text-small font-medium text-brand-700 hover:text-brand-800"
                >
                  {file.name}
                </OutboundLink>
                <p className="font-mono text-caption text-gray-500" title={file.sha256}>
                  {TEXT.hash} <span data-literal>{shortHash(file.sha256)}</span> ·{' '}
                  {formatDate(file.created_at)}
                </p>
              </div>
              {canDelete ? (
                <IconButton
                  variant="ghost"
                  size="sm"
                  aria-label={`${TEXT.deleteFile} ${file.name}`}
                  icon={<Trash2 size={15} />}
                  onClick={() => onDelete(file)}
                  className="text-danger-600"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Evidence upload of one side: pick files, check them (spec §5), restate them in a confirm step, send. */
function EvidenceUpload({ disputeId, side }: { disputeId: string; side: DisputeFileSide }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [chosen, setChosen] = useState<File[]>([]);
  const upload = useUploadEvidence(disputeId);

  const pick = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const problem = files.map(disputeFileError).find((message) => message !== null);
    if (problem) {
      notify.error(problem);
      return;
    }
    setChosen(files);
  };

  const send = async () => {
    try {
      await upload.mutateAsync({ files: chosen, side });
      notify.success(DISPUTE_MESSAGES.filesUploaded);
      setChosen([]);
    } catch (error) {
      notify.error(uploadErrorText(error));
    }
  };

  return (
    <div className="mt-3">
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept=".pdf,.jpeg,.jpg,.png,.mp4"
        className="sr-only"
        aria-label={TEXT.chooseFiles}
        onChange={(event) => pick(event.target.files)}
      />
      <Button variant="secondary" leftIcon={<Upload size={15} />} onClick={() => input.current?.click()}>
        {TEXT.upload}
      </Button>
      <ConfirmModal
        open={chosen.length > 0}
        onOpenChange={(open) => {
          if (!open) setChosen([]);
        }}
        title={TEXT.uploadTitle}
        tone="primary"
        confirmLabel={TEXT.uploadConfirm}
        busy={upload.isPending}
        onConfirm={() => void send()}
        description={
          <ul className="flex flex-col gap-1" data-testid="upload-files">
            {chosen.map((file) => (
              <li key={`${file.name}-${file.size}`} className="break-all">
                {file.name}
              </li>
            ))}
          </ul>
        }
      />
    </div>
  );
}

/** Support's verdict: a comment and one of three resolutions, each restated before it is sent. */
function ResolvePanel({ disputeId, onResolved }: { disputeId: string; onResolved: () => void }) {
  const { register, handleSubmit, setValue, resetField, control } = useForm<
    DisputeVerdictInput,
    unknown,
    DisputeResolveBody
  >({ resolver: zodResolver(disputeVerdictForm), defaultValues: { comment: '' } });
  const [verdict, comment = ''] = useWatch({ control, name: ['resolution', 'comment'] });
  const resolve = useResolveDispute(disputeId);
  const commentId = useId();

  const send = handleSubmit(async (values) => {
    try {
      await resolve.mutateAsync(values);
      notify.success(DISPUTE_MESSAGES.resolved);
      resetField('resolution');
      onResolved();
    } catch (error) {
      notify.error(readError(error).answer('detail') ?? DISPUTE_MESSAGES.resolveFailed);
    }
  });

  return (
    <DetailSection title={TEXT.resolveTitle}>
      <label htmlFor={commentId} className="mb-1.5 block text-small font-medium text-gray-800">
        {TEXT.resolveComment}
      </label>
      <textarea
        id={commentId}
        {...register('comment')}
        maxLength={1000}
        rows={3}
        className="w-full rounded-lg border border-gray-200 bg-white px-3 py-2 text-small text-gray-900 shadow-xs outline-none hover:border-gray-300 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15"
      />
      <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {DISPUTE_RESOLUTIONS.map((resolution) => (
          <Button
            key={resolution}
            variant={resolution === 'insufficient' ? 'secondary' : 'primary'}
            className={resolution === 'insufficient' ? 'sm:col-span-2' : undefined}
            onClick={() => setValue('resolution', resolution)}
          >
            {TEXT.resolutions[resolution]}
          </Button>
        ))}
      </div>
      <ConfirmModal
        open={verdict !== undefined}
        onOpenChange={(open) => {
          if (!open) resetField('resolution');
        }}
        title={TEXT.resolveConfirmTitle}
        tone="primary"
        confirmLabel={TEXT.resolveConfirm}
        cancelLabel={TEXT.back}
        busy={resolve.isPending}
        onConfirm={() => void send()}
        description={
          verdict ? (
            <div data-testid="resolve-summary">
              <p className="font-medium text-gray-900">{TEXT.resolutions[verdict]}</p>
              <p className="mt-1">{TEXT.verdicts[verdict]}</p>
              {comment.trim() ? <p className="mt-2 break-words">«{comment.trim()}»</p> : null}
            </div>
          ) : null
        }
      />
    </DetailSection>
  );
}

function DetailBody({
  dispute,
  role,
  canAct,
  onResolved,
}: {
  dispute: DisputeDetail;
  role: DisputeRole;
  canAct: boolean;
  onResolved: () => void;
}) {
  const [deleting, setDeleting] = useState<DisputeFile | null>(null);
  const remove = useDeleteEvidence(dispute.id);
  const completed = isDisputeCompleted(dispute.status);
  const transaction = dispute.transaction;
  const details = transaction.payment_details;
  const canDelete = role === 'support' && canAct && !completed;
  // Spec §6: a trader sees trader files; support sees both sides; a merchant its own side.
  const sides: DisputeFileSide[] =
    role === 'support' ? ['trader', 'merchant'] : role === 'trader' ? ['trader'] : ['merchant'];
  const uploadSide: DisputeFileSide | null =
    role === 'trader' ? (completed ? null : 'trader') : role === 'merchant' ? 'merchant' : null;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      notify.success(DISPUTE_MESSAGES.fileDeleted);
    } catch (error) {
      notify.error(readError(error).answer('detail') ?? DISPUTE_MESSAGES.deleteFailed);
    }
    setDeleting(null);
  };

  return (
    <div data-testid="dispute-detail">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-small break-all text-gray-800">{dispute.id}</span>
        <DisputeStatusBadge status={dispute.status} />
      </div>
      <DetailSection title={TEXT.reason}>
        <figure
          className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5"
          data-testid="dispute-reason"
        >
          <figcaption className="text-caption text-gray-500">{TEXT.reasonBy[dispute.opened_by]}</figcaption>
          <blockquote className="mt-1 text-small whitespace-pre-wrap break-words text-gray-900">
            {dispute.reason}
          </blockquote>
        </figure>
      </DetailSection>
      <DetailSection title={TEXT.transaction}>
        <dl className="divide-y divide-gray-100">
          <DetailRow label={TEXT.amount}>
            <span data-testid="dispute-detail-amount">
              <span className="whitespace-nowrap">{formatRubles(transaction.amount_rub)}</span>{' '}
              <span className="whitespace-nowrap font-normal text-gray-500">
                ({formatUsdtAmount(transaction.amount)})
              </span>
            </span>
          </DetailRow>
          <DetailRow label={role === 'merchant' ? TEXT.merchantShare : TEXT.profit}>
            {formatUsdtAmount(transaction.profit)}
          </DetailRow>
          <DetailRow label={TEXT.mode}>{labelOf(ORDER_TYPE_LABELS, transaction.order_type)}</DetailRow>
          <DetailRow label={TEXT.bank}>{details.bank.name}</DetailRow>
          <DetailRow label={details.card ? TEXT.card : TEXT.phone}>
            <span className="font-mono">{disputeRequisite(dispute)}</span>
          </DetailRow>
          <DetailRow label={TEXT.deal}>
            <span className="font-mono text-caption">{dispute.deal_id}</span>
          </DetailRow>
          <DetailRow label={TEXT.created}>{formatDate(dispute.created_at)}</DetailRow>
          {dispute.evidence_deadline ? (
            <DetailRow label={TEXT.deadline}>{formatDate(dispute.evidence_deadline)}</DetailRow>
          ) : null}
        </dl>
      </DetailSection>
      <DetailSection title={TEXT.history}>
        <ol className="flex flex-col gap-2" data-testid="dispute-history">
          {dispute.history.map((entry, index) => (
            <li
              // History entries have no id; their order never changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is append-only and read-only here
              key={`${entry.at}-${index}`}
              className="flex flex-col gap-0.5 rounded-lg bg-gray-50 px-3 py-2 text-small"
            >
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium text-gray-900">
                  {labelOf(ACTION_LABELS, entry.action, ACTION_LABELS.status)}
                </span>
                {entry.status ? <DisputeStatusBadge status={entry.status} /> : null}
              </span>
              {entry.file ? (
                <span className="text-gray-700">
                  {entry.file.name}{' '}
                  <span className="font-mono text-caption text-gray-500" title={entry.file.sha256}>
                    {TEXT.hash} <span data-literal>{shortHash(entry.file.sha256)}</span>
                  </span>
                </span>
              ) : null}
              <span className="text-caption text-gray-500">
                {historyActorLabel(entry)}
                {entry.actor ? ` (${entry.actor})` : ''} · {formatDate(entry.at)}
              </span>
            </li>
          ))}
        </ol>
      </DetailSection>
      <DetailSection title={TEXT.evidence}>
        {sides.map((side) => (
          <FileList
            key={side}
            testId={`files-${side}`}
            title={side === 'trader' ? TEXT.traderFiles : TEXT.merchantFiles}
            files={dispute.files.filter((file) => file.side === side)}
            canDelete={canDelete}
            onDelete={setDeleting}
          />
        ))}
        {uploadSide ? <EvidenceUpload disputeId={dispute.id} side={uploadSide} /> : null}
      </DetailSection>
      <DetailSection title={TEXT.supportComment}>
        <p className="text-small whitespace-pre-wrap text-gray-800">{dispute.comments || TEXT.noComment}</p>
      </DetailSection>
      {role === 'support' && canAct && !completed ? (
        <ResolvePanel disputeId={dispute.id} onResolved={onResolved} />
      ) : null}
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={TEXT.deleteTitle}
        confirmLabel={TEXT.deleteConfirm}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        description={deleting ? <span className="break-all">{deleting.name}</span> : null}
      />
    </div>
  );
}

/**
 * A dispute's detail (spec §2 Disputes page): the transaction, the history with who and when (and each
 * file's hash), the evidence files spec §6 lets this role see, support's comment and actions, and the
 * evidence upload of traders and merchants. The page has already fetched the detail (and, for support,
 * blocked the dispute) before this opens.
 */
export function DisputeDetailModal({
  id,
  role,
  canAct,
  onClose,
}: {
  id: string;
  role: DisputeRole;
  canAct: boolean;
  onClose: () => void;
}) {
  const detail = useDisputeDetail(id);
  const dispute = detail.data;

  let body: ReactNode;
  if (detail.isPending) {
    body = <SkeletonStack shapes={['h-8 w-1/2 rounded-lg', 'h-40 rounded-xl']} />;
  } else if (dispute) {
    body = <DetailBody dispute={dispute} role={role} canAct={canAct} onResolved={onClose} />;
  } else {
    body = <ErrorState message={DISPUTE_MESSAGES.openFailed} retry={detail} />;
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="lg"
      title={TEXT.detailTitle}
    >
      {body}
    </Modal>
  );
}
