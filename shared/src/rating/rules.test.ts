import { describe, expect, it } from 'vitest';
import {
  applyRatingEvent,
  formatRatingPoints,
  gaugeTone,
  parseRatingPoints,
  RATING,
  RATING_RULES,
  ratingAllowsDeals,
  ratingEventTenths,
  ratingPercent,
} from './rules.ts';

describe('rating rules (spec §9)', () => {
  it('gives each event its help-text effect', () => {
    expect(ratingEventTenths('deal_completed')).toBe(-1);
    expect(ratingEventTenths('finished_within_18h')).toBe(-10);
    expect(ratingEventTenths('created')).toBe(10);
    expect(ratingEventTenths('ignored')).toBe(10);
    expect(RATING_RULES).toHaveLength(4);
  });

  it('raises points to the best floor of −3 after every event', () => {
    expect(applyRatingEvent(-25, -10)).toBe(-30);
    expect(applyRatingEvent(-30, -1)).toBe(-30);
    // The floor is applied per event, so the order matters: −2.95 then −0.1 then +1 ends at −2.
    expect(applyRatingEvent(applyRatingEvent(-29, -1), 10)).toBe(-20);
  });

  it('maps points to a clamped percent', () => {
    expect(ratingPercent(0)).toBe(100);
    expect(ratingPercent(-30)).toBe(100);
    expect(ratingPercent(10)).toBe(90);
    expect(ratingPercent(49)).toBe(51);
    expect(ratingPercent(100)).toBe(0);
    expect(ratingPercent(140)).toBe(0);
  });

  it('gates deals and new methods under 51 %', () => {
    expect(ratingAllowsDeals(51)).toBe(true);
    expect(ratingAllowsDeals(50.9)).toBe(false);
    expect(RATING.minPercent).toBe(51);
  });

  it('colours the gauge at 49/50/74/75', () => {
    expect(gaugeTone(49)).toBe('red');
    expect(gaugeTone(50)).toBe('yellow');
    expect(gaugeTone(74)).toBe('yellow');
    expect(gaugeTone(75)).toBe('green');
  });

  it('reads and prints points in tenths', () => {
    expect(parseRatingPoints('+6')).toBe(60);
    expect(parseRatingPoints('-0,5')).toBe(-5);
    expect(parseRatingPoints('1.25')).toBeNull();
    expect(parseRatingPoints('abc')).toBeNull();
    expect(formatRatingPoints(-1)).toBe('−0,1');
    expect(formatRatingPoints(10)).toBe('+1');
    expect(formatRatingPoints(-30)).toBe('−3');
  });
});
