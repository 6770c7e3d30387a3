/** Settings #api: the merchant's API keys (list, create with the key shown once, revoke behind a confirmation). */
import { type ApiKey, createApiKeyBody, MERCHANT_TEXT } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { readError } from '../../api/errors.ts';
import type { TableColumn } from '../../ui/column-table.tsx';
import { FormModalFooter } from '../../ui/form-modal-footer.tsx';
import { formatDate } from '../../ui/format-date.ts';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardHeader,
  EmptyState,
  ErrorState,
  Field,
  Input,
  Modal,
  notify,
  useMediaQuery,
} from '../../ui/index.ts';
import { type CreatedApiKey, useApiKeys, useCreateApiKey, useRevokeApiKey } from './api.ts';
import { ACTIONS_HEADER, ApiList, ApiListLoading } from './api-list-parts.tsx';
import { API_SECTION_TEXT as T } from './api-texts.ts';
import { ShownOnceModal } from './shown-once-modal.tsx';

/** Below this width the keys are cards instead of a table. */
/** Below this the keys table (six columns) would cut its revoke button off, so keys show as cards. */
export const API_SECTION_NARROW_QUERY = '(max-width: 1023px)';

/** The API keys card: the list, "Создать ключ" (the key shown once) and revoking behind a confirmation. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const narrow = useMediaQuery(API_SECTION_NARROW_QUERY);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  let body: ReactNode;
  if (keys.isPending) {
    body = <ApiListLoading testId="keys-loading" rows={2} />;
  } else if (keys.isError) {
    body = <ErrorState message={MERCHANT_TEXT.keysLoadFailed} retry={keys} />;
  } else if (keys.data.length === 0) {
    body = <EmptyState icon={<KeyRound size={22} />} title={T.noKeys} description={T.noKeysHint} />;
  } else {
    body = (
      <ApiList
        narrow={narrow}
        rows={keys.data}
        testId="api-key"
        columns={keyColumns(setRevoking)}
        card={{
          head: (key) => (
            <>
              <p className="font-medium break-words text-gray-900">{key.name}</p>
              <p className="mt-0.5 font-mono text-small text-gray-600">{key.prefix}…</p>
            </>
          ),
          status: (key) => <KeyStatus apiKey={key} />,
          body: (key) => (
            <>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-small">
                <dt className="text-gray-500">{T.columns.created}</dt>
                <dd className="text-right text-gray-800">{formatDate(key.created_at)}</dd>
                <dt className="text-gray-500">{T.columns.lastUsed}</dt>
                <dd className="text-right text-gray-800">{lastUsed(key)}</dd>
              </dl>
              {key.revoked_at ? null : (
                <Button variant="secondary" size="sm" className="mt-3" onClick={() => setRevoking(key)}>
                  {MERCHANT_TEXT.revokeKey}
                </Button>
              )}
            </>
          ),
        }}
      />
    );
  }

  return (
    <Card>
      <CardHeader
        title={MERCHANT_TEXT.keysTitle}
        description={T.keysDescription}
        actions={
          <Button size="sm" leftIcon={<Plus size={16} />} onClick={() => setCreating(true)}>
            {MERCHANT_TEXT.createKey}
          </Button>
        }
      />
      {body}
      <CreateKeyModal
        open={creating}
        onOpenChange={setCreating}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <RevokeKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />
      <ShownOnceModal
        value={created?.key ?? null}
        title={T.keyCreated}
        warning={MERCHANT_TEXT.keyShownOnce}
        onClose={() => setCreated(null)}
      />
    </Card>
  );
}

/** The keys table: name, prefix, created, last used, status and the revoke button of a live key. */
function keyColumns(onRevoke: (key: ApiKey) => void): Array<TableColumn<ApiKey>> {
  return [
    {
      key: 'name',
      header: T.columns.name,
      cell: (key) => key.name,
      cellClassName: 'font-medium text-gray-900',
    },
    { key: 'prefix', header: T.columns.prefix, cell: (key) => `${key.prefix}…`, cellClassName: 'font-mono' },
    {
      key: 'created',
      header: T.columns.created,
      cell: (key) => formatDate(key.created_at),
      cellClassName: 'whitespace-nowrap',
    },
    { key: 'lastUsed', header: T.columns.lastUsed, cell: lastUsed, cellClassName: 'whitespace-nowrap' },
    { key: 'status', header: T.columns.status, cell: (key) => <KeyStatus apiKey={key} /> },
    {
      key: 'actions',
      header: ACTIONS_HEADER,
      headerAlign: 'left',
      align: 'right',
      cell: (key) =>
        key.revoked_at ? null : (
          <Button variant="secondary" size="sm" onClick={() => onRevoke(key)}>
            {MERCHANT_TEXT.revokeKey}
          </Button>
        ),
    },
  ];
}

function lastUsed(key: ApiKey): string {
  return key.last_used_at ? formatDate(key.last_used_at) : T.never;
}

function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  return apiKey.revoked_at ? (
    <Badge tone="muted">{T.revoked}</Badge>
  ) : (
    <Badge tone="success" dot>
      {T.active}
    </Badge>
  );
}

interface CreateKeyModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (key: CreatedApiKey) => void;
}

function CreateKeyModal({ open, onOpenChange, onCreated }: CreateKeyModalProps) {
  const create = useCreateApiKey();
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useForm<{ name: string }>({
    resolver: zodResolver(createApiKeyBody),
    defaultValues: { name: '' },
  });

  const close = (next: boolean) => {
    if (!next) {
      reset();
      setProblem(null);
    }
    onOpenChange(next);
  };

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const key = await create.mutateAsync(values);
      reset();
      onCreated(key);
    } catch (error) {
      const fields = readError(error).fieldErrors(['name'] as const);
      if (fields.name) setError('name', { type: 'server', message: fields.name });
      else setProblem(readError(error, T.keyCreateFailed).text);
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="sm"
      title={MERCHANT_TEXT.createKey}
      footer={
        <FormModalFooter
          formId="create-api-key"
          submitLabel={T.create}
          onCancel={() => close(false)}
          cancelLabel={T.cancel}
          submitting={formState.isSubmitting}
        />
      }
    >
      <form id="create-api-key" onSubmit={submit} noValidate className="flex flex-col gap-4">
        {problem ? (
          <Alert tone="danger" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Field label={T.keyName} hint={T.keyNameHint} error={formState.errors.name?.message} required>
          <Input autoComplete="off" maxLength={50} {...register('name')} />
        </Field>
      </form>
    </Modal>
  );
}

function RevokeKeyModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();

  const confirm = async () => {
    if (!apiKey) return;
    try {
      await revoke.mutateAsync(apiKey.id);
      notify.success(T.keyRevoked);
      onClose();
    } catch (error) {
      notify.error(readError(error, T.keyRevokeFailed).text);
    }
  };

  return (
    <Modal
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="sm"
      title={`${MERCHANT_TEXT.revokeKey} ключ`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={revoke.isPending}>
            {T.cancel}
          </Button>
          <Button variant="danger" loading={revoke.isPending} onClick={() => void confirm()}>
            {MERCHANT_TEXT.revokeKey}
          </Button>
        </>
      }
    >
      {apiKey ? (
        <div className="flex flex-col gap-3 text-body text-gray-700">
          <p>{MERCHANT_TEXT.revokeConfirm}</p>
          <p className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5">
            <span className="font-medium text-gray-900">{apiKey.name}</span>{' '}
            <span className="font-mono text-small text-gray-600">{apiKey.prefix}…</span>
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
