import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Input } from './input.tsx';

describe('Input', () => {
  it('shows a disabled or read-only value in full-strength text and hides the placeholder of an empty one', () => {
    render(
      <>
        <Input aria-label="disabled" disabled defaultValue="2200 1234" placeholder="0000" />
        <Input aria-label="locked" readOnly defaultValue="Иван" placeholder="Имя" />
      </>,
    );
    const disabled = screen.getByRole('textbox', { name: 'disabled' });
    expect(disabled).toHaveValue('2200 1234');
    // Dimmed grey text on a grey field read as an empty placeholder.
    expect(disabled.className).toContain('disabled:text-gray-900');
    expect(disabled.className).not.toContain('disabled:text-gray-500');
    expect(disabled.className).toContain('disabled:placeholder:text-transparent');
    expect(screen.getByRole('textbox', { name: 'locked' }).className).toContain(
      'read-only:placeholder:text-transparent',
    );
  });
});
