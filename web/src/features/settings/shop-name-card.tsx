import { merchantDisplayNameBody } from '@app/shared/merchant/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { readError } from '../../api/errors.ts';
import { Button, Card, CardHeader, ErrorState, Field, Input, notify } from '../../ui/index.ts';
import { SkeletonStack } from '../../ui/skeleton-stack.tsx';
import { useSaveShopName, useShopName } from './shop-name-api.ts';

/** The card's words (Russian; the spec fixes none of them). */
export const SHOP_NAME_TEXT = {
  title: 'Название магазина',
  description:
    'Его видит плательщик на странице оплаты, чтобы знать, кому он платит. Пустое поле — название не показывается.',
  label: 'Название',
  placeholder: 'Например, Кофейня «Зерно»',
  save: 'Сохранить',
  saved: 'Название магазина сохранено',
  cleared: 'Название магазина убрано',
  saveFailed: 'Не удалось сохранить название',
  loadFailed: 'Не удалось загрузить название магазина',
} as const;

type ShopNameInput = { display_name: string };

/** Settings #api: the merchant's shop name for the payer page (issue 25), checked by the shared contract. */
export function ShopNameCard() {
  const shopName = useShopName();
  return (
    <Card>
      <CardHeader title={SHOP_NAME_TEXT.title} description={SHOP_NAME_TEXT.description} />
      {shopName.isPending ? (
        <SkeletonStack shapes={['h-11 w-full']} testId="shop-name-loading" />
      ) : shopName.isError ? (
        <ErrorState message={SHOP_NAME_TEXT.loadFailed} retry={shopName} />
      ) : (
        <ShopNameForm current={shopName.data.display_name} />
      )}
    </Card>
  );
}

function ShopNameForm({ current }: { current: string | null }) {
  const save = useSaveShopName();
  const { register, handleSubmit, reset, setError, formState } = useForm<
    ShopNameInput,
    unknown,
    { display_name: string | null }
  >({
    resolver: zodResolver(merchantDisplayNameBody),
    defaultValues: { display_name: current ?? '' },
  });

  useEffect(() => {
    reset({ display_name: current ?? '' });
  }, [current, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ display_name: values.display_name ?? '' });
      notify.success(saved.display_name ? SHOP_NAME_TEXT.saved : SHOP_NAME_TEXT.cleared);
    } catch (error) {
      const fields = readError(error).fieldErrors(['display_name'] as const);
      if (fields.display_name) setError('display_name', { type: 'server', message: fields.display_name });
      else notify.error(readError(error, SHOP_NAME_TEXT.saveFailed).text);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        label={SHOP_NAME_TEXT.label}
        error={formState.errors.display_name?.message}
        className="min-w-0 flex-1"
      >
        <Input
          autoComplete="organization"
          maxLength={80}
          placeholder={SHOP_NAME_TEXT.placeholder}
          {...register('display_name')}
        />
      </Field>
      <Button type="submit" loading={formState.isSubmitting} className="sm:mt-[1.625rem]">
        {SHOP_NAME_TEXT.save}
      </Button>
    </form>
  );
}
