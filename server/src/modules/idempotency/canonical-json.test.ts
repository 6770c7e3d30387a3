import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './idempotency.service.ts';

/** The recursive definition the iterative canonicalJson must agree with. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${reference(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

describe('canonicalJson', () => {
  it('sorts keys at every level, as the recursive definition does', () => {
    expect(canonicalJson({ b: [1, { d: 1, c: null }], a: 'x', u: undefined })).toBe(
      '{"a":"x","b":[1,{"c":null,"d":1}]}',
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { seed: 15, numRuns: 300 },
    );
  });

  it('hashes a body nested 10^5 levels deep without exhausting the stack', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);
    expect(canonicalJson(deep)).toHaveLength(depth * 8 + 1);
  });
});
