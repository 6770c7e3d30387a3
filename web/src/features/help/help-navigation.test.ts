import { describe, expect, it } from 'vitest';
import { hashOf, helpItemId, sectionOf, targetFromHash, targetFromState } from './help-navigation.ts';

describe('Help navigation targets', () => {
  it('reads the banners’ state, trusting the subsection over a section that disagrees', () => {
    expect(targetFromState({ section: 'beginners', subsection: 'telegram-connect' })).toEqual({
      section: 'beginners',
      subsection: 'telegram-connect',
    });
    expect(targetFromState({ section: 'support' })).toEqual({ section: 'support' });
    expect(targetFromState({ section: 'beginners', subsection: 'faq' })).toEqual({
      section: 'support',
      subsection: 'faq',
    });
    expect(targetFromState({ section: 'beginners', subsection: 'nope' })).toEqual({ section: 'beginners' });
    expect(targetFromState({ section: 'nope' })).toBeNull();
    expect(targetFromState(null)).toBeNull();
    expect(targetFromState('beginners')).toBeNull();
  });

  it('reads every hash the page links to, and nothing else', () => {
    expect(targetFromHash('#rating')).toEqual({ section: 'beginners', subsection: 'rating' });
    expect(targetFromHash('#terminal-connect')).toEqual({
      section: 'beginners',
      subsection: 'terminal-connect',
    });
    expect(targetFromHash('#telegram-connect')).toEqual({
      section: 'beginners',
      subsection: 'telegram-connect',
    });
    expect(targetFromHash('#faq')).toEqual({ section: 'support', subsection: 'faq' });
    expect(targetFromHash('#technical-support')).toEqual({
      section: 'support',
      subsection: 'technical-support',
    });
    expect(targetFromHash('#support')).toEqual({ section: 'support' });
    expect(targetFromHash('#beginners')).toEqual({ section: 'beginners' });
    expect(targetFromHash('')).toBeNull();
    expect(targetFromHash('#help-rating')).toBeNull();
  });

  it('writes the hash of a target and the ids of its elements', () => {
    expect(hashOf({ section: 'beginners', subsection: 'rating' })).toBe('#rating');
    expect(hashOf({ section: 'support' })).toBe('#support');
    expect(sectionOf('technical-support')).toBe('support');
    expect(sectionOf('support')).toBeNull();
    // Not the bare name: the router would jump to an element whose id equals the hash on every hash change.
    expect(helpItemId('rating')).toBe('help-rating');
  });
});
