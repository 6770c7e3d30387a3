import { MERCHANT_TEXT, updateWebhookBody } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { readError } from '../../api/errors.ts';
import { Badge, Button, Card, CardHeader, ErrorState, Field, Input, Modal, notify } from '../../ui/index.ts';
import { SkeletonStack } from '../../ui/skeleton-stack.tsx';
import { useRotateWebhookSecret, useSaveWebhook, useWebhookSettings, type WebhookSettings } from './api.ts';
import { API_SECTION_TEXT as T } from './api-texts.ts';
import { ShownOnceModal } from './shown-once-modal.tsx';

/** The URL field as typed; an empty field means "no webhook" (null), checked by the shared contract. */
const webhookForm = z.object({
  url: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(updateWebhookBody.shape.url),
});
type WebhookFormInput = z.input<typeof webhookForm>;
type WebhookFormOutput = z.output<typeof webhookForm>;

/** The webhook card: the URL form and the signing secret (created or rotated, shown once). */
export function WebhookCard() {
  const settings = useWebhookSettings();
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <Card>
      <CardHeader title={MERCHANT_TEXT.webhookTitle} description={T.webhookDescription} />
      {settings.isPending ? (
        <SkeletonStack shapes={['h-11 w-full', 'h-10 w-40']} testId="webhook-loading" />
      ) : settings.isError ? (
        <ErrorState message={MERCHANT_TEXT.webhookLoadFailed} retry={settings} />
      ) : (
        <div className="flex flex-col gap-6">
          <WebhookUrlForm settings={settings.data} onSecret={setSecret} />
          <SecretRow hasSecret={settings.data.has_secret} onSecret={setSecret} />
        </div>
      )}
      <ShownOnceModal
        value={secret}
        title={T.secretCreated}
        warning={MERCHANT_TEXT.secretShownOnce}
        onClose={() => setSecret(null)}
      />
    </Card>
  );
}

function WebhookUrlForm({
  settings,
  onSecret,
}: {
  settings: WebhookSettings;
  onSecret: (secret: string) => void;
}) {
  const save = useSaveWebhook();
  const { register, handleSubmit, reset, setError, formState } = useForm<
    WebhookFormInput,
    unknown,
    WebhookFormOutput
  >({
    resolver: zodResolver(webhookForm),
    defaultValues: { url: settings.url ?? '' },
  });

  useEffect(() => {
    reset({ url: settings.url ?? '' });
  }, [settings.url, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      notify.success(T.webhookSaved);
      if (saved.secret) onSecret(saved.secret);
    } catch (error) {
      const fields = readError(error).fieldErrors(['url'] as const);
      if (fields.url) setError('url', { type: 'server', message: fields.url });
      else notify.error(readError(error, T.webhookSaveFailed).text);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        label={MERCHANT_TEXT.webhookUrl}
        hint={T.webhookUrlHint}
        error={formState.errors.url?.message}
        className="min-w-0 flex-1"
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://shop.example/webhooks/processing"
          {...register('url')}
        />
      </Field>
      <Button type="submit" loading={formState.isSubmitting} className="sm:mt-[1.625rem]">
        {T.save}
      </Button>
    </form>
  );
}

function SecretRow({ hasSecret, onSecret }: { hasSecret: boolean; onSecret: (secret: string) => void }) {
  const rotate = useRotateWebhookSecret();
  const [confirming, setConfirming] = useState(false);

  const create = async () => {
    try {
      const answer = await rotate.mutateAsync();
      setConfirming(false);
      onSecret(answer.secret);
    } catch (error) {
      notify.error(readError(error, T.rotateFailed).text);
    }
  };

  return (
    <div className="flex flex-col gap-3 border-t border-gray-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-2 text-small text-gray-700">
        <span className="font-medium text-gray-900">{T.secretTitle}</span>
        {hasSecret ? (
          <Badge tone="success" dot>
            {T.secretSet}
          </Badge>
        ) : (
          <Badge tone="muted">{T.secretMissing}</Badge>
        )}
      </div>
      <Button
        variant="secondary"
        size="sm"
        leftIcon={<RefreshCw size={14} />}
        loading={rotate.isPending && !confirming}
        onClick={() => (hasSecret ? setConfirming(true) : void create())}
      >
        {hasSecret ? MERCHANT_TEXT.rotateSecret : T.createSecret}
      </Button>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title={MERCHANT_TEXT.rotateSecret}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={rotate.isPending}>
              {T.cancel}
            </Button>
            <Button variant="danger" loading={rotate.isPending} onClick={() => void create()}>
              {MERCHANT_TEXT.rotateSecret}
            </Button>
          </>
        }
      >
        <p className="text-body text-gray-700">{T.rotateConfirm}</p>
      </Modal>
    </div>
  );
}
