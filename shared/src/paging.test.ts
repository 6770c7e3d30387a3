import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageQueryFields, pageWindow } from './paging.ts';

describe('pageQueryFields', () => {
  const query = z.object(pageQueryFields({ defaultSize: 10, maxSize: 50, message: 'Неверный запрос' }));

  it('defaults and coerces the query strings', () => {
    expect(query.parse({})).toEqual({ page: 1, page_size: 10 });
    expect(query.parse({ page: '3', page_size: '50' })).toEqual({ page: 3, page_size: 50 });
  });

  it('refuses what is not a whole number in range with the list’s message', () => {
    for (const bad of [{ page: '0' }, { page: 'x' }, { page_size: '51' }, { page_size: '1.5' }]) {
      const result = query.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Неверный запрос');
    }
  });

  it('turns a page into its OFFSET/LIMIT window', () => {
    expect(pageWindow({ page: 3, page_size: 20 })).toEqual({ offset: 40, limit: 20 });
  });
});
