import {
  NOT_A_LEAD_STATUS,
  SETTINGS_MESSAGES,
  WHITELIST_MAX_ENTRIES,
  type WhitelistAddForm,
  type WhitelistEntry,
  whitelistAddForm,
  whitelistFullText,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck, Trash2, WalletMinimal } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../api/client.ts';
import { readError } from '../../api/errors.ts';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  ConfirmModal,
  EmptyState,
  ErrorState,
  Field,
  formatDate,
  IconButton,
  Input,
  notify,
  Skeleton,
  Switch,
} from '../../ui/index.ts';
import { OtpModal, otpErrorText } from '../../ui/otp-modal.tsx';
import {
  useAddWhitelistWallet,
  useDeleteWhitelistWallet,
  useToggleWhitelist,
  useWhitelist,
  useWhitelistOtp,
} from '../wallet/api.ts';
import { SETTINGS_TEXT as T } from './settings-texts.ts';

/** A refused wallet call: the spec's no-permission text for a 451, otherwise the server's words. */
function walletRefusal(error: unknown, forbidden: string): string {
  return isApiError(error, NOT_A_LEAD_STATUS) ? forbidden : readError(error).text;
}

/** The entry's cool-down end while it is still ahead, else null (usable now). */
function pendingUntil(entry: WhitelistEntry): Date | null {
  const at = new Date(entry.usable_at);
  return Number.isNaN(at.getTime()) || at.getTime() <= Date.now() ? null : at;
}

function AddWalletForm({ full }: { full: boolean }) {
  const add = useAddWhitelistWallet();
  const { register, handleSubmit, setError, reset, formState } = useForm<WhitelistAddForm>({
    resolver: zodResolver(whitelistAddForm),
    defaultValues: { wallet: '' },
  });
  const submit = handleSubmit(async ({ wallet }) => {
    try {
      await add.mutateAsync(wallet);
      reset();
      notify.success(T.walletAdded);
    } catch (error) {
      const field = isApiError(error, NOT_A_LEAD_STATUS)
        ? undefined
        : readError(error).fieldErrors(['wallet']).wallet;
      if (field) setError('wallet', { type: 'server', message: field }, { shouldFocus: true });
      else notify.error(walletRefusal(error, SETTINGS_MESSAGES.walletAddForbidden));
    }
  });
  const error = formState.errors.wallet?.message;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        label={T.walletAddress}
        error={error}
        hint={full && !error ? whitelistFullText(WHITELIST_MAX_ENTRIES) : undefined}
        className="flex-1"
      >
        <Input
          {...register('wallet')}
          invalid={Boolean(error)}
          autoComplete="off"
          spellCheck={false}
          placeholder="T…"
          className="font-mono text-small"
          disabled={full}
        />
      </Field>
      <Button type="submit" loading={add.isPending} disabled={full} className="sm:mt-[1.625rem]">
        {T.addWallet}
      </Button>
    </form>
  );
}

/** #wallet (leads): the withdrawal whitelist switch behind a mailed code, and the addresses (add, delete). */
export function WalletsSection() {
  const whitelist = useWhitelist();
  const requestCode = useWhitelistOtp();
  const toggle = useToggleWhitelist();
  const remove = useDeleteWhitelistWallet();
  const [otpOpen, setOtpOpen] = useState(false);
  const [target, setTarget] = useState<WhitelistEntry | null>(null);

  if (whitelist.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton className="h-6 w-56" />
        <Skeleton className="mt-5 h-10 w-full" />
        <Skeleton className="mt-3 h-14 w-full" />
      </Card>
    );
  }
  if (whitelist.isError) {
    return (
      <Card>
        <ErrorState
          title={T.loadFailedTitle}
          message={SETTINGS_MESSAGES.walletLoadFailed}
          retry={whitelist}
        />
      </Card>
    );
  }
  const { is_white_wallet: enabled, wallets } = whitelist.data;

  const startToggle = async () => {
    try {
      await requestCode.mutateAsync();
      setOtpOpen(true);
    } catch (error) {
      notify.error(walletRefusal(error, SETTINGS_MESSAGES.walletChangeForbidden));
    }
  };

  const verifyToggle = async (otp: string) => {
    try {
      const data = await toggle.mutateAsync(otp);
      setOtpOpen(false);
      notify.success(data.message);
    } catch (error) {
      if (isApiError(error, NOT_A_LEAD_STATUS)) {
        setOtpOpen(false);
        notify.error(SETTINGS_MESSAGES.walletChangeForbidden);
        return;
      }
      throw error;
    }
  };

  const confirmDelete = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      notify.success(SETTINGS_MESSAGES.deleted);
    } catch (error) {
      notify.error(walletRefusal(error, SETTINGS_MESSAGES.walletDeleteForbidden));
    } finally {
      setTarget(null);
    }
  };

  return (
    <Card aria-labelledby="wallets-title">
      <CardHeader
        title={<span id="wallets-title">{T.walletsTitle}</span>}
        description={T.walletsDescription}
        actions={<Badge tone="brand">{T.walletsCount(wallets.length, WHITELIST_MAX_ENTRIES)}</Badge>}
      />
      <div className="flex flex-col gap-6">
        <Switch
          checked={enabled}
          onCheckedChange={() => void startToggle()}
          disabled={requestCode.isPending}
          label={T.whitelistSwitch}
          description={T.whitelistSwitchHint}
        />
        <div className="border-t border-gray-100 pt-6">
          <AddWalletForm full={wallets.length >= WHITELIST_MAX_ENTRIES} />
        </div>
        {wallets.length === 0 ? (
          <EmptyState
            icon={<WalletMinimal size={22} />}
            title={T.walletsEmpty}
            description={T.walletsEmptyHint}
          />
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100" aria-label={T.walletsTitle}>
            {wallets.map((entry) => {
              const pending = pendingUntil(entry);
              return (
                <li key={entry.id} className="flex items-center gap-3 py-3" data-testid="whitelist-entry">
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="font-mono text-small break-all text-gray-900">{entry.wallet}</span>
                    <span>
                      {pending ? (
                        <Badge tone="warning" dot>
                          {T.walletPending(formatDate(pending))}
                        </Badge>
                      ) : (
                        <Badge tone="success" dot>
                          <ShieldCheck size={12} aria-hidden />
                          {T.walletActive}
                        </Badge>
                      )}
                    </span>
                  </div>
                  <IconButton
                    icon={<Trash2 size={16} />}
                    aria-label={`${T.deleteWallet} ${entry.wallet}`}
                    onClick={() => setTarget(entry)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <OtpModal
        open={otpOpen}
        onOpenChange={setOtpOpen}
        title={T.whitelistConfirmTitle}
        summary={
          <p className="rounded-lg border border-gray-200 bg-gray-50 px-3.5 py-3 text-small text-gray-700">
            {enabled ? T.whitelistConfirmOff : T.whitelistConfirmOn}
          </p>
        }
        onVerify={verifyToggle}
        errorText={(error) => otpErrorText(error)}
      />
      <ConfirmModal
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title={T.deleteWalletTitle}
        description={target ? T.deleteWalletBody(target.wallet) : ''}
        confirmLabel={T.deleteWallet}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}
