import type { ChangeHandler } from 'react-hook-form';

/**
 * Wraps react-hook-form's register() props so a spec §5 input filter runs on every keystroke:
 * characters that can never be valid are removed before the form sees the value.
 */
export function withInputFilter<T extends { onChange: ChangeHandler }>(
  props: T,
  filter: (value: string) => string,
): T {
  return {
    ...props,
    onChange: (event: { target: unknown; type?: unknown }) => {
      const input = event.target as HTMLInputElement;
      const filtered = filter(input.value);
      if (filtered !== input.value) input.value = filtered;
      return props.onChange(event);
    },
  };
}
