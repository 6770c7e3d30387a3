import { AUTH_MESSAGES, PASSWORD_REQUIREMENTS, type PasswordStrength, passwordStrength } from '@app/shared';
import { Check, X } from 'lucide-react';
import { PASSWORD_STRENGTH_LABELS } from '../../labels/index.ts';
import { cx } from '../../ui/index.ts';

const LEVEL_STYLE: Record<PasswordStrength, { bar: string; text: string }> = {
  very_weak: { bar: 'bg-danger-500', text: 'text-danger-600' },
  weak: { bar: 'bg-danger-400', text: 'text-danger-600' },
  medium: { bar: 'bg-warning-500', text: 'text-warning-700' },
  strong: { bar: 'bg-success-500', text: 'text-success-700' },
};

/** Live strength panel of spec §2/§5: label, bar, the five requirement checks and the hint. */
export function PasswordStrengthPanel({ password, className }: { password: string; className?: string }) {
  const { met, label } = passwordStrength(password);
  const style = LEVEL_STYLE[label];
  return (
    <div
      data-testid="password-strength"
      className={cx(
        'rounded-lg border border-gray-200 bg-gray-50/80 px-3.5 py-3 animate-slide-down',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3 text-small">
        <span className="text-gray-600">Надёжность пароля</span>
        <span
          className={cx('font-semibold', style.text)}
          data-testid="password-strength-label"
          aria-live="polite"
        >
          {PASSWORD_STRENGTH_LABELS[label]}
        </span>
      </div>
      {/* The label above already says the level in words; the bar is its picture. */}
      <div className="mt-2 flex h-1.5 gap-1" aria-hidden>
        {PASSWORD_REQUIREMENTS.map((rule, index) => (
          <span
            key={rule.key}
            className={cx(
              'h-full flex-1 rounded-full transition-colors',
              index < met ? style.bar : 'bg-gray-200',
            )}
          />
        ))}
      </div>
      <ul className="mt-3 grid gap-x-4 gap-y-1.5 text-small sm:grid-cols-2">
        {PASSWORD_REQUIREMENTS.map((rule) => {
          const ok = rule.test(password);
          return (
            <li
              key={rule.key}
              data-met={ok}
              className={cx('flex items-center gap-2', ok ? 'text-success-700' : 'text-gray-500')}
            >
              <span
                className={cx(
                  'flex size-4 shrink-0 items-center justify-center rounded-full',
                  ok ? 'bg-success-100 text-success-700' : 'bg-gray-200 text-gray-500',
                )}
                aria-hidden
              >
                {ok ? <Check size={11} strokeWidth={3} /> : <X size={10} strokeWidth={3} />}
              </span>
              <span>{rule.label}</span>
              <span className="sr-only">{ok ? '— выполнено' : '— не выполнено'}</span>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 border-t border-gray-200 pt-2.5 text-caption text-gray-500">
        {AUTH_MESSAGES.passwordHint}
      </p>
    </div>
  );
}
