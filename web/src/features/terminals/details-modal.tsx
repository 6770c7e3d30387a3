import { TERMINAL_APP_LABELS, type TerminalListItem } from '@app/shared';
import { Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { readError } from '../../api/errors.ts';
import { terminalStatusText } from '../../labels/index.ts';
import { Alert, Button, formatDate, Modal, notify } from '../../ui/index.ts';
import { useDeleteTerminal } from './api.ts';
import { displayCharge } from './device-card.tsx';
import { OnlineStatus } from './online-status.tsx';

/** Russian words of the Details dialog (the spec fixes only the button 'Details'). */
export const DETAILS_TEXT = {
  title: 'Сведения о терминале',
  model: 'Модель устройства',
  os: 'Операционная система',
  appVersion: 'Версия приложения',
  activated: 'Активирован',
  lastPing: 'Последний сигнал',
  linked: 'Привязано платежей',
  charge: 'Заряд',
  charging: 'заряжается',
  app: 'Приложение',
  status: 'Статус',
  delete: 'Удалить терминал',
  confirmDelete: 'Удалить',
  keep: 'Отмена',
  deleted: 'Терминал удалён',
  deleteFailed: 'Не удалось удалить терминал',
  confirmText: (name: string) =>
    `Удалить терминал «${name}»? Телефон потеряет доступ, привязанные платежи будут отвязаны.`,
} as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-small text-gray-500">{label}</dt>
      <dd className="min-w-0 text-right text-small font-medium break-words text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * The Details dialog of a terminal card: the app it runs, what the phone is, when it was activated and last heard from, how
 * many methods are linked, and 'Удалить терминал' behind a confirmation that names the terminal.
 */
export function DetailsModal({
  terminal,
  open,
  onOpenChange,
}: {
  terminal: TerminalListItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTerminal();

  useEffect(() => {
    if (!open) setConfirming(false);
  }, [open]);

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(terminal.id);
      notify.success(DETAILS_TEXT.deleted);
      onOpenChange(false);
    } catch (error) {
      notify.error(readError(error).answer('detail') ?? DETAILS_TEXT.deleteFailed);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={DETAILS_TEXT.title} description={terminal.name}>
      <dl className="divide-y divide-gray-100">
        <Row label="ID">
          <span className="font-mono text-caption">{terminal.id}</span>
        </Row>
        <Row label={DETAILS_TEXT.status}>{terminalStatusText(terminal.terminal_status_display)}</Row>
        <Row label={DETAILS_TEXT.app}>
          <span data-testid="details-app" data-literal>
            {TERMINAL_APP_LABELS[terminal.app]}
          </span>
        </Row>
        <Row label={DETAILS_TEXT.charge}>
          {displayCharge(terminal.phone_charge)}%{terminal.charging ? ` · ${DETAILS_TEXT.charging}` : ''}
        </Row>
        <Row label="Связь">
          <OnlineStatus online={terminal.online} lastPing={terminal.last_ping} />
        </Row>
        <Row label={DETAILS_TEXT.model}>{terminal.device.model ?? '—'}</Row>
        <Row label={DETAILS_TEXT.os}>{terminal.device.os ?? '—'}</Row>
        <Row label={DETAILS_TEXT.appVersion}>{terminal.device.app_version ?? '—'}</Row>
        <Row label={DETAILS_TEXT.activated}>{formatDate(terminal.activated_at)}</Row>
        <Row label={DETAILS_TEXT.lastPing}>{formatDate(terminal.last_ping)}</Row>
        <Row label={DETAILS_TEXT.linked}>{terminal.payments_count}</Row>
      </dl>
      <div className="mt-5">
        {confirming ? (
          <Alert tone="danger" role="alert" title={DETAILS_TEXT.confirmText(terminal.name)}>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="danger" size="sm" loading={remove.isPending} onClick={confirmDelete}>
                {DETAILS_TEXT.confirmDelete}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={remove.isPending}
                onClick={() => setConfirming(false)}
              >
                {DETAILS_TEXT.keep}
              </Button>
            </div>
          </Alert>
        ) : (
          <Button
            variant="secondary"
            fullWidth
            leftIcon={<Trash2 size={16} />}
            className="text-danger-600"
            onClick={() => setConfirming(true)}
          >
            {DETAILS_TEXT.delete}
          </Button>
        )}
      </div>
    </Modal>
  );
}
