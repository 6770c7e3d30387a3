import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RATING_CARD_TEXT, RatingCard, RatingGauge } from './rating-card.tsx';

const gauge = () => screen.getByRole('meter', { name: 'Rating' });

describe('rating gauge colours (spec §9: 75 and above green, 50 and above yellow, else red)', () => {
  it.each([
    [49, 'red', 'text-danger-500', 'text-danger-600'],
    [50, 'yellow', 'text-warning-500', 'text-warning-600'],
    [74, 'yellow', 'text-warning-500', 'text-warning-600'],
    [75, 'green', 'text-success-500', 'text-success-600'],
  ] as const)('%i %% is %s, arc and number alike', (percent, tone, arc, text) => {
    render(<RatingGauge percent={percent} />);
    expect(gauge()).toHaveAttribute('data-tone', tone);
    expect(gauge()).toHaveAttribute('aria-valuenow', String(percent));
    expect(screen.getByTestId('rating-gauge-arc')).toHaveClass(arc);
    expect(screen.getByTestId('rating-gauge-arc')).toHaveAttribute('stroke-dasharray', `${percent} 100`);
    expect(screen.getByTestId('rating-gauge-value')).toHaveClass(text);
    expect(screen.getByTestId('rating-gauge-value')).toHaveTextContent(`${percent}%`);
  });

  it('shows a skeleton, not a made-up rating, while the rating loads', () => {
    render(<RatingGauge percent={undefined} />);
    expect(screen.queryByRole('meter')).toBeNull();
    const skeleton = screen.getByRole('status', { name: RATING_CARD_TEXT.loading });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton).toHaveAttribute('data-loading', 'true');
    expect(screen.queryByTestId('rating-gauge-arc')).toBeNull();
    expect(skeleton).not.toHaveTextContent('%');
  });

  it('keeps the arc inside 0…100 and shows a fractional rating with one decimal', () => {
    const { rerender } = render(<RatingGauge percent={130} />);
    expect(gauge()).toHaveAttribute('aria-valuenow', '100');
    rerender(<RatingGauge percent={87.5} />);
    expect(screen.getByTestId('rating-gauge-value')).toHaveTextContent('87,5%');
  });
});

describe('rating card', () => {
  function renderCard(rating: number | undefined, failed = false) {
    const router = createMemoryRouter([
      { path: '/', element: <RatingCard rating={rating} failed={failed} /> },
      { path: '/help', element: <p>help</p> },
    ]);
    render(<RouterProvider router={router} />);
    return router;
  }

  it('says whether the rating brings deals, at the 51 % line', () => {
    renderCard(51);
    expect(screen.getByTestId('rating-note')).toHaveTextContent(RATING_CARD_TEXT.routed);
  });

  it('says deals stop below 51 %', () => {
    renderCard(50);
    expect(screen.getByTestId('rating-note')).toHaveTextContent(RATING_CARD_TEXT.blocked);
  });

  it('shows no gauge when the dashboard failed', () => {
    renderCard(undefined, true);
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.getByTestId('rating-note')).toHaveTextContent(RATING_CARD_TEXT.unavailable);
  });

  it('links to the rating rules in Help', async () => {
    const router = renderCard(80);
    screen.getByRole('link', { name: RATING_CARD_TEXT.rules }).click();
    await screen.findByText('help');
    expect(router.state.location.state).toEqual({ section: 'beginners', subsection: 'rating' });
  });
});
