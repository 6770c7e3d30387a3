import { TERMINAL_MESSAGES, TERMINAL_NAME_MAX, updateNameBody } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Pencil, X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { readError } from '../../api/errors.ts';
import { cx, IconButton, notify } from '../../ui/index.ts';
import { useRenameTerminal } from './api.ts';

type NameForm = z.input<typeof updateNameBody>;

/**
 * The terminal's name with inline edit (spec §2, §4): Enter saves, Escape cancels; an empty name says
 * 'Name cannot be empty'; a failed save shows the server's detail or 'Failed to save name' and keeps editing.
 */
export function TerminalName({ id, name, className }: { id: string; name: string; className?: string }) {
  const [editing, setEditing] = useState(false);
  const rename = useRenameTerminal();
  const { register, handleSubmit, reset, formState, setFocus } = useForm<
    NameForm,
    unknown,
    z.output<typeof updateNameBody>
  >({
    resolver: zodResolver(updateNameBody),
    defaultValues: { name },
    reValidateMode: 'onSubmit',
  });

  const start = () => {
    reset({ name });
    setEditing(true);
    setTimeout(() => setFocus('name', { shouldSelect: true }));
  };
  const cancel = () => {
    reset({ name });
    setEditing(false);
  };

  const save = handleSubmit(async (values) => {
    if (values.name === name) {
      setEditing(false);
      return;
    }
    try {
      await rename.mutateAsync({ id, name: values.name });
      setEditing(false);
    } catch (error) {
      notify.error(readError(error).answer('detail') ?? TERMINAL_MESSAGES.renameFailed);
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // Escape belongs to the name here, not to a dialog or page around it.
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  if (!editing) {
    return (
      <div className={cx('flex min-w-0 items-center gap-1', className)}>
        <h3 className="truncate text-small font-semibold text-gray-900" title={name}>
          {name}
        </h3>
        <IconButton
          size="sm"
          aria-label={`Переименовать: ${name}`}
          icon={<Pencil size={14} />}
          onClick={start}
          className="text-gray-400"
        />
      </div>
    );
  }

  const error = formState.errors.name?.message;
  return (
    <form
      onSubmit={(event) => {
        event.stopPropagation();
        void save(event);
      }}
      noValidate
      className={cx('flex min-w-0 flex-col gap-1', className)}
    >
      <div className="flex min-w-0 items-center gap-1">
        <input
          {...register('name')}
          aria-label="Название терминала"
          aria-invalid={Boolean(error) || undefined}
          maxLength={TERMINAL_NAME_MAX + 10}
          onKeyDown={onKeyDown}
          disabled={rename.isPending}
          className={cx(
            'h-8 min-w-0 flex-1 rounded-md border bg-white px-2.5 text-small text-gray-900 outline-none focus:ring-4',
            error
              ? 'border-danger-400 focus:ring-danger-500/15'
              : 'border-gray-200 focus:border-brand-500 focus:ring-brand-500/15',
          )}
        />
        <IconButton
          type="submit"
          size="sm"
          aria-label="Сохранить название"
          icon={<Check size={14} />}
          loading={rename.isPending}
        />
        <IconButton size="sm" aria-label="Отменить" icon={<X size={14} />} onClick={cancel} />
      </div>
      {error ? (
        <p role="alert" className="text-caption text-danger-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
