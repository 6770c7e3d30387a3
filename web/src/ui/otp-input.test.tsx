import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput } from './otp-input.tsx';

function Harness({ onComplete }: { onComplete?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput value={value} onChange={setValue} onComplete={onComplete} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox');
const value = () => screen.getByTestId('value').textContent;

describe('OtpInput', () => {
  it('renders six boxes and accepts digits only, moving forward', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(boxes()).toHaveLength(6);
    await user.click(boxes()[0]!);
    await user.keyboard('1a2-b3');
    expect(value()).toBe('123');
    expect(boxes()[3]).toHaveFocus();
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '', '', '']);
  });

  it('fills every box from a paste, keeping only digits, and reports completion', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await user.click(boxes()[2]!);
    await user.paste('12 34-56xx');
    expect(value()).toBe('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(boxes()[5]).toHaveFocus();
  });

  it('moves to the previous box on Backspace in an empty box and clears it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('123');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}{Backspace}');
    expect(value()).toBe('');
    expect(boxes()[0]).toHaveFocus();
  });

  it('writes into the first free box when a later box is clicked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[4]!);
    await user.keyboard('7');
    expect(value()).toBe('7');
    expect(boxes()[1]).toHaveFocus();
  });
});
