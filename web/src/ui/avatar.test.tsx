import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar.tsx';

describe('Avatar', () => {
  it('shows initials when the image fails, and tries a new URL (a new upload) again', () => {
    const { rerender } = render(<Avatar src="/avatar/old.jpg" name="anna smith" />);
    fireEvent.error(screen.getByRole('img', { name: 'anna smith' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('AS')).toBeInTheDocument();
    rerender(<Avatar src="/avatar/new.jpg" name="anna smith" />);
    expect(screen.getByRole('img', { name: 'anna smith' })).toHaveAttribute('src', '/avatar/new.jpg');
  });
});
