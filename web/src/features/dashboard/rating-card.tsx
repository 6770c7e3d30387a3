import { type GaugeTone, gaugeTone, RATING } from '@app/shared/rating/rules';
import { ArrowLink, Card, cx, formatDecimal } from '../../ui/index.ts';
import type { HelpNavigationState } from '../help/help-sections.ts';

/** Words of the rating card: the spec's 'Rating' label, our explanations in Russian. */
export const RATING_CARD_TEXT = {
  title: 'Rating',
  routed: `Рейтинг от ${RATING.minPercent} % — вы получаете сделки`,
  blocked: `Ниже ${RATING.minPercent} % сделки не назначаются`,
  loading: 'Загружаем рейтинг…',
  unavailable: 'Рейтинг сейчас недоступен',
  rules: 'Как считается рейтинг',
} as const;

const RULES_LINK_STATE: HelpNavigationState = { section: 'beginners', subsection: 'rating' };

/** Arc and number colours of each tone (spec §9 Rating colours); the number one step darker for contrast. */
const TONE_CLASSES: Record<GaugeTone, { arc: string; text: string }> = {
  green: { arc: 'text-success-500', text: 'text-success-600' },
  yellow: { arc: 'text-warning-500', text: 'text-warning-600' },
  red: { arc: 'text-danger-500', text: 'text-danger-600' },
};

/** 87.5 → "87,5", 75 → "75": the rating as the dashboard shows it elsewhere (ru-RU). */
export function formatRatingPercent(percent: number): string {
  return formatDecimal(Math.round(percent * 10) / 10, 1);
}

/** The half-circle arc, drawn with a path length of 100 so the dash is the percent itself. */
const ARC = 'M 16 96 A 80 80 0 0 1 176 96';

export interface RatingGaugeProps {
  /**
   * 0–100; undefined while the rating loads: the gauge is then a grey skeleton without a number (issue 25: the
   * spec's default 75 % would show a rating nobody has).
   */
  percent: number | undefined;
}

/** Rating gauge (spec §2 Shared components): a 0–100 % arc labelled Rating, coloured by the rating's tone. */
export function RatingGauge({ percent }: RatingGaugeProps) {
  if (percent === undefined) return <RatingGaugeSkeleton />;
  const value = Math.min(100, Math.max(0, percent));
  const tone = gaugeTone(value);
  const text = `${formatRatingPercent(value)}%`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <meter> cannot hold the drawn arc and its number.
    <div
      role="meter"
      aria-label={RATING_CARD_TEXT.title}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={text}
      data-testid="rating-gauge"
      data-tone={tone}
      data-loading={false}
      className="relative mx-auto w-full max-w-[13rem]"
    >
      <svg viewBox="0 0 192 104" className="block w-full" aria-hidden>
        <path d={ARC} fill="none" strokeWidth="14" strokeLinecap="round" className="stroke-gray-100" />
        <path
          d={ARC}
          fill="none"
          stroke="currentColor"
          strokeWidth="14"
          strokeLinecap="round"
          pathLength={100}
          strokeDasharray={`${value} 100`}
          data-testid="rating-gauge-arc"
          className={cx(
            'transition-[stroke-dasharray] duration-700 motion-reduce:transition-none',
            TONE_CLASSES[tone].arc,
          )}
        />
      </svg>
      <div className="absolute inset-x-0 bottom-0 flex flex-col items-center" aria-hidden>
        <span
          data-testid="rating-gauge-value"
          className={cx('text-[1.75rem] leading-none font-semibold tabular-nums', TONE_CLASSES[tone].text)}
        >
          {text}
        </span>
        <span className="mt-1 text-caption text-gray-500">{RATING_CARD_TEXT.title}</span>
      </div>
    </div>
  );
}

/** The gauge's place while the rating loads: the grey track and a pulsing block where the number goes. */
function RatingGaugeSkeleton() {
  return (
    <div
      role="status"
      aria-label={RATING_CARD_TEXT.loading}
      aria-busy
      data-testid="rating-gauge"
      data-loading
      className="relative mx-auto w-full max-w-[13rem] animate-pulse motion-reduce:animate-none"
    >
      <svg viewBox="0 0 192 104" className="block w-full" aria-hidden>
        <path d={ARC} fill="none" strokeWidth="14" strokeLinecap="round" className="stroke-gray-100" />
      </svg>
      <div className="absolute inset-x-0 bottom-0 flex flex-col items-center" aria-hidden>
        <span className="block h-7 w-16 rounded-md bg-gray-200" data-testid="rating-gauge-value-skeleton" />
        <span className="mt-1 text-caption text-gray-500">{RATING_CARD_TEXT.title}</span>
      </div>
    </div>
  );
}

export interface RatingCardProps {
  /** profile.rating of the dashboard answer; undefined while it loads. */
  rating: number | undefined;
  failed: boolean;
  className?: string;
}

/** The dashboard's Rating card: the gauge, whether the rating lets deals come, and the rules in Help. */
export function RatingCard({ rating, failed, className }: RatingCardProps) {
  const note = failed
    ? RATING_CARD_TEXT.unavailable
    : rating === undefined
      ? RATING_CARD_TEXT.loading
      : rating >= RATING.minPercent
        ? RATING_CARD_TEXT.routed
        : RATING_CARD_TEXT.blocked;
  return (
    <Card
      padding="sm"
      aria-labelledby="dashboard-rating-title"
      data-testid="rating-card"
      className={cx('flex flex-col', className)}
    >
      <h2 id="dashboard-rating-title" className="text-h3 text-gray-900">
        {RATING_CARD_TEXT.title}
      </h2>
      <div className="flex flex-1 flex-col justify-center py-3">
        {failed ? (
          <p className="text-center text-[1.75rem] leading-none font-semibold text-gray-300" aria-hidden>
            —
          </p>
        ) : (
          <RatingGauge percent={rating} />
        )}
      </div>
      <p className="text-center text-small text-gray-600" data-testid="rating-note">
        {note}
      </p>
      <ArrowLink to="/help" state={RULES_LINK_STATE} className="mt-2 justify-center self-center">
        {RATING_CARD_TEXT.rules}
      </ArrowLink>
    </Card>
  );
}
