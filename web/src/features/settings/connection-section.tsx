import { SETTINGS_MESSAGES, type TelegramAccount, type TelegramKeyResponse } from '@app/shared';
import { Copy, ExternalLink, MessageCircle, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { readError } from '../../api/errors.ts';
import { copyText } from '../../ui/copy-text.ts';
import {
  Alert,
  Button,
  Card,
  CardHeader,
  ConfirmModal,
  EmptyState,
  ErrorState,
  formatDate,
  IconButton,
  notify,
  Skeleton,
} from '../../ui/index.ts';
import { FluidQrCode } from '../../ui/qr-code.tsx';
import { SkeletonStack } from '../../ui/skeleton-stack.tsx';
import { SETTINGS_TEXT as T } from './settings-texts.ts';
import {
  useDisconnectTelegram,
  useRefreshTelegramKey,
  useTelegramAccounts,
  useTelegramKey,
} from './telegram-api.ts';

function KeyCard({ data }: { data: TelegramKeyResponse }) {
  const refresh = useRefreshTelegramKey();
  const [confirming, setConfirming] = useState(false);

  const copy = async () => {
    try {
      await copyText(data.connection_key);
      notify.success(T.keyCopied);
    } catch {
      notify.error(T.keyCopyFailed);
    }
  };

  const refreshKey = async () => {
    try {
      await refresh.mutateAsync();
      setConfirming(false);
      notify.success(SETTINGS_MESSAGES.keyRefreshed);
    } catch (error) {
      setConfirming(false);
      notify.error(readError(error).text);
    }
  };

  return (
    <Card aria-labelledby="connection-title">
      <CardHeader
        title={<span id="connection-title">{T.connectionTitle}</span>}
        description={T.connectionDescription}
      />
      {!data.bot_configured ? (
        <Alert tone="warning" title={T.botMissing} className="mb-5">
          {T.botMissingBody}
        </Alert>
      ) : data.bot_username === null ? (
        <Alert tone="warning" title={T.botUnreachable} className="mb-5">
          {T.botUnreachableBody}
        </Alert>
      ) : null}
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        {data.deep_link ? (
          <figure className="mx-auto flex w-full max-w-[200px] shrink-0 flex-col items-center gap-2 md:mx-0">
            <div className="w-full rounded-xl border border-gray-200 bg-white p-2">
              <FluidQrCode value={data.deep_link} title={T.qrLabel} testId="telegram-qr" />
            </div>
            <figcaption className="text-center text-caption text-gray-500">{T.qrHint}</figcaption>
          </figure>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <span className="text-small font-medium text-gray-800" id="connection-key-label">
              {T.connectionKey}
            </span>
            <div className="flex items-stretch gap-2">
              <code
                className="flex min-h-10 min-w-0 flex-1 items-center rounded-lg border border-gray-200 bg-gray-50 px-3 font-mono text-small break-all text-gray-900"
                data-testid="connection-key"
              >
                {data.connection_key}
              </code>
              <IconButton
                variant="secondary"
                icon={<Copy size={16} />}
                aria-label={T.copyKey}
                onClick={() => void copy()}
              />
            </div>
          </div>
          {data.deep_link ? (
            <a
              href={data.deep_link}
              target="_blank"
              rel="noopener noreferrer"
              className="flex w-fit max-w-full flex-wrap items-center gap-x-2 gap-y-0.5 text-[0.875rem] font-medium text-brand-700 hover:underline"
            >
              <span className="inline-flex items-center gap-2">
                <MessageCircle size={16} aria-hidden />
                {T.openBot}
                <ExternalLink size={14} aria-hidden />
              </span>
              {data.bot_username ? <span className="text-gray-500">@{data.bot_username}</span> : null}
            </a>
          ) : null}
          <div>
            <Button
              variant="secondary"
              leftIcon={<RefreshCw size={15} />}
              onClick={() => setConfirming(true)}
            >
              {T.refreshKey}
            </Button>
          </div>
        </div>
      </div>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={T.refreshConfirmTitle}
        description={T.refreshConfirmBody}
        confirmLabel={T.refreshKey}
        busy={refresh.isPending}
        onConfirm={() => void refreshKey()}
      />
    </Card>
  );
}

function accountName(account: TelegramAccount): string {
  return account.telegram_name?.trim() || String(account.telegram_id);
}

function AccountsCard({ keyData }: { keyData: TelegramKeyResponse | undefined }) {
  const accounts = useTelegramAccounts();
  const disconnect = useDisconnectTelegram();
  const [target, setTarget] = useState<TelegramAccount | null>(null);

  const confirmDisconnect = async () => {
    if (!target) return;
    try {
      await disconnect.mutateAsync(target.telegram_id);
      notify.success(SETTINGS_MESSAGES.success);
    } catch (error) {
      notify.error(readError(error).answer('detail') ?? readError(error).text);
    } finally {
      setTarget(null);
    }
  };

  let body: ReactNode;
  if (accounts.isPending) {
    body = <SkeletonStack shapes={['h-14 w-full', 'h-14 w-full']} />;
  } else if (accounts.isError) {
    body = (
      <ErrorState title={T.loadFailedTitle} message={SETTINGS_MESSAGES.telegramLoadFailed} retry={accounts} />
    );
  } else if (accounts.data.accounts.length === 0) {
    const key = keyData?.connection_key ?? '…';
    body = (
      <EmptyState
        icon={<MessageCircle size={22} />}
        title={T.accountsEmpty}
        description={
          keyData?.bot_username
            ? T.accountsEmptyWithBot(keyData.bot_username, key)
            : keyData?.bot_configured
              ? T.accountsEmptyBotUnknown(key)
              : T.accountsEmptyNoBot(key)
        }
      />
    );
  } else {
    body = (
      <ul className="flex flex-col divide-y divide-gray-100" aria-label={T.accountsTitle}>
        {accounts.data.accounts.map((account) => (
          <li
            key={String(account.id)}
            className="flex flex-col gap-3 py-3.5 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
            data-testid="telegram-account"
          >
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <MessageCircle size={18} aria-hidden />
              </span>
              <div className="min-w-0">
                <p className="truncate text-body font-medium text-gray-900">{accountName(account)}</p>
                <p className="text-small text-gray-500">
                  {T.telegramId}: <span className="tabular-nums">{String(account.telegram_id)}</span> ·{' '}
                  {T.linkedAt} {formatDate(account.auth_date)}
                </p>
              </div>
            </div>
            <Button variant="secondary" size="sm" onClick={() => setTarget(account)}>
              {T.disconnect}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card aria-labelledby="accounts-title">
      <CardHeader title={<span id="accounts-title">{T.accountsTitle}</span>} />
      {body}
      <ConfirmModal
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title={T.disconnectTitle}
        description={target ? T.disconnectBody(accountName(target)) : ''}
        confirmLabel={T.disconnect}
        busy={disconnect.isPending}
        onConfirm={() => void confirmDisconnect()}
      />
    </Card>
  );
}

/** #connection: the key (copy, deep link, QR, refresh) and the linked accounts, polled while open. */
export function ConnectionSection() {
  const key = useTelegramKey();
  return (
    <div className="flex flex-col gap-6">
      {key.isPending ? (
        <Card aria-busy="true">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="mt-5 h-10 w-full" />
        </Card>
      ) : key.isError ? (
        <Card>
          <ErrorState title={T.loadFailedTitle} message={SETTINGS_MESSAGES.keyLoadFailed} retry={key} />
        </Card>
      ) : (
        <KeyCard data={key.data} />
      )}
      <AccountsCard keyData={key.data} />
    </div>
  );
}
