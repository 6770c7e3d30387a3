import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BankMark } from './bank-mark.tsx';

describe('BankMark', () => {
  it("takes the operator's colour over the colour by name, with text that reads on it", () => {
    render(<BankMark name="Сбербанк" color="#112233" />);
    const mark = screen.getByTestId('bank-mark');
    expect(mark).toHaveTextContent('С');
    expect(mark.style.backgroundColor).toBe('rgb(17, 34, 51)');
    expect(mark.style.color).toBe('rgb(255, 255, 255)');
  });

  it('keeps the colour by name without one', () => {
    render(<BankMark name="Сбербанк" color={null} />);
    expect(screen.getByTestId('bank-mark').style.backgroundColor).toBe('rgb(28, 135, 47)');
  });
});
