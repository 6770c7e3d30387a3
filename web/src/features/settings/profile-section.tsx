import {
  type AvatarFormValues,
  avatarForm,
  type ChangeUsernameRequest,
  changeUsernameRequest,
  SETTINGS_MESSAGES,
  type UserInfo,
} from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { readError } from '../../api/errors.ts';
import {
  Avatar,
  Button,
  Card,
  CardHeader,
  ErrorState,
  Field,
  Input,
  notify,
  Skeleton,
} from '../../ui/index.ts';
import { displayName } from '../shell/display-name.ts';
import { PasswordCard } from './password-card.tsx';
import { useChangeAvatar, useChangeUsername, useUserInfo } from './profile-api.ts';
import { SETTINGS_TEXT as T } from './settings-texts.ts';

/** Username: 3-20 characters on the shared contract; the server's field message shows under the field. */
function UsernameForm({ info }: { info: UserInfo }) {
  const change = useChangeUsername();
  const { register, handleSubmit, setError, reset, formState } = useForm<ChangeUsernameRequest>({
    resolver: zodResolver(changeUsernameRequest),
    defaultValues: { username: info.username ?? '' },
  });
  const submit = handleSubmit(async ({ username }) => {
    try {
      const data = await change.mutateAsync(username);
      reset({ username: data.username });
      notify.success(SETTINGS_MESSAGES.success);
    } catch (error) {
      const field = readError(error).fieldErrors(['username']).username;
      if (field) setError('username', { type: 'server', message: field }, { shouldFocus: true });
      else notify.error(readError(error).text);
    }
  });
  const error = formState.errors.username?.message;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field label={T.username} error={error} className="flex-1">
        <Input
          {...register('username')}
          invalid={Boolean(error)}
          autoComplete="username"
          placeholder={T.usernamePlaceholder}
          maxLength={40}
        />
      </Field>
      <Button type="submit" loading={change.isPending} className="sm:mt-[1.625rem]">
        {T.saveUsername}
      </Button>
    </form>
  );
}

/** A local preview of the picked file, released when it changes or the form goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * Avatar: a JPEG or PNG of at most 5 MB (checked here with Russian messages; the server checks the content
 * again), shown beside the current one before it is sent.
 */
function AvatarForm({ info }: { info: UserInfo }) {
  const change = useChangeAvatar();
  const input = useRef<HTMLInputElement>(null);
  const { handleSubmit, setValue, reset, watch, formState, trigger } = useForm<AvatarFormValues>({
    resolver: zodResolver(avatarForm),
    defaultValues: { avatar: null },
  });
  const picked = watch('avatar') as File | null;
  const error = formState.errors.avatar?.message;
  const preview = usePreviewUrl(picked && !error ? picked : null);
  const name = displayName(info);

  const clear = () => {
    reset({ avatar: null });
    if (input.current) input.current.value = '';
  };

  const submit = handleSubmit(async ({ avatar }) => {
    if (!avatar) return;
    try {
      await change.mutateAsync(avatar as File);
      clear();
      notify.success(SETTINGS_MESSAGES.success);
    } catch (failure) {
      notify.error(readError(failure).text);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-5">
        <figure className="flex flex-col items-center gap-1.5">
          <Avatar src={info.avatar} name={name} size="lg" />
          <figcaption className="text-caption text-gray-500">{T.avatarNow}</figcaption>
        </figure>
        {preview ? (
          <figure className="flex flex-col items-center gap-1.5">
            <img
              src={preview}
              alt={T.avatarNew}
              className="size-14 rounded-full object-cover ring-2 ring-brand-200"
              data-testid="avatar-preview"
            />
            <figcaption className="text-caption font-medium text-brand-700">{T.avatarNew}</figcaption>
          </figure>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label className="text-small font-medium text-gray-800" htmlFor="avatar-file">
            {T.avatar}
          </label>
          <p className="text-small text-gray-500">{T.avatarHint}</p>
          <input
            ref={input}
            id="avatar-file"
            type="file"
            accept="image/jpeg,image/png"
            className="sr-only"
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? 'avatar-error' : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              setValue('avatar', file, { shouldDirty: true });
              void trigger('avatar');
            }}
          />
        </div>
      </div>
      {error ? (
        <p id="avatar-error" role="alert" className="text-small text-danger-600">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          leftIcon={<ImageUp size={16} />}
          onClick={() => input.current?.click()}
        >
          {T.chooseAvatar}
        </Button>
        {picked && !error ? (
          <>
            <Button type="submit" loading={change.isPending}>
              {T.saveAvatar}
            </Button>
            <Button type="button" variant="ghost" onClick={clear} disabled={change.isPending}>
              {T.cancel}
            </Button>
          </>
        ) : null}
      </div>
    </form>
  );
}

/** #profile: avatar, username and e-mail, then the password change. */
export function ProfileSection() {
  const info = useUserInfo();
  if (info.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="mt-5 h-14 w-14 rounded-full" />
        <Skeleton className="mt-5 h-10 w-full" />
      </Card>
    );
  }
  if (info.isError) {
    return (
      <Card>
        <ErrorState title={T.loadFailedTitle} message={SETTINGS_MESSAGES.userInfoLoadFailed} retry={info} />
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Card aria-labelledby="profile-title">
        <CardHeader
          title={<span id="profile-title">{T.profileTitle}</span>}
          description={T.profileDescription}
        />
        <div className="flex flex-col gap-6">
          <AvatarForm info={info.data} />
          <div className="border-t border-gray-100 pt-6">
            <UsernameForm key={info.data.username ?? ''} info={info.data} />
          </div>
          <div className="flex flex-col gap-1 border-t border-gray-100 pt-6">
            <span className="text-small font-medium text-gray-800">{T.email}</span>
            <span className="text-body break-all text-gray-900">{info.data.email}</span>
          </div>
        </div>
      </Card>
      <PasswordCard email={info.data.email} />
    </div>
  );
}
