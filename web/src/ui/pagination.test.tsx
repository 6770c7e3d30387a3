import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, paginationRange } from './pagination.tsx';

describe('paginationRange', () => {
  it('lists every page when they fit', () => {
    expect(paginationRange(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationRange(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('puts ellipses where pages are skipped and keeps the row width', () => {
    expect(paginationRange(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(paginationRange(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(paginationRange(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });
});

describe('Pagination', () => {
  it('derives the page count as total / size rounded up and moves with previous/next', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={1} total={41} pageSize={20} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Страница 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Страница 4' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Предыдущая страница' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} total={5} pageSize={5} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
