import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginRequest, russianPlural } from './index.ts';

const LATIN_WORD = /[A-Za-z]{3,}/;

/** Every message zod gives for a value, after the shared index has installed the Russian defaults. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('zod default messages', () => {
  it('are Russian for a wrong type in a shared contract', () => {
    const [message] = messages(loginRequest, { email: 5, password: 'x' });
    expect(message).toBe('Неверный тип значения: ожидается строка');
  });

  it('are Russian, without English words or the input, for every kind of check', () => {
    const secret = 'secret-input-value';
    const cases: [z.ZodType, unknown][] = [
      [z.string(), 12],
      [z.object({ a: z.string() }), {}],
      [z.number(), secret],
      [z.boolean(), secret],
      [z.array(z.string()), secret],
      [z.object({}), [secret]],
      [z.string().min(5), 'ab'],
      [z.string().max(3), secret],
      [z.array(z.number()).max(1), [1, 2]],
      [z.number().int(), 1.5],
      [z.number().gt(10), 3],
      [z.number().max(10), 30],
      [z.number().multipleOf(5), 7],
      [z.email(), secret],
      [z.string().regex(/^\d+$/), secret],
      [z.enum(['all', 'name']), secret],
      [z.literal('yes'), secret],
      [z.union([z.string(), z.number()]), true],
      [z.strictObject({ a: z.string() }), { a: 'x', [secret]: 1 }],
    ];
    for (const [schema, value] of cases) {
      const found = messages(schema, value);
      expect(found.length, JSON.stringify(value)).toBeGreaterThan(0);
      for (const message of found) {
        expect(message, message).not.toMatch(LATIN_WORD);
        expect(message).not.toContain(secret);
        expect(message).toMatch(/[А-Яа-я]/);
      }
    }
  });

  it('name a missing field and sizes with the right word forms', () => {
    expect(messages(z.object({ a: z.string() }), {})).toEqual(['Обязательное поле']);
    expect(messages(z.string().min(1), '')).toEqual(['Длина должна быть не меньше 1 символа']);
    expect(messages(z.string().max(200), 'x'.repeat(201))).toEqual([
      'Длина должна быть не больше 200 символов',
    ]);
    expect(messages(z.number().gt(10), 3)).toEqual(['Значение должно быть больше 10']);
    expect(russianPlural(21, 'a', 'b', 'c')).toBe('a');
    expect(russianPlural(12, 'a', 'b', 'c')).toBe('c');
    expect(russianPlural(34, 'a', 'b', 'c')).toBe('b');
  });

  it('leave a contract’s own messages alone', () => {
    expect(messages(z.string({ error: 'Своё сообщение' }), 5)).toEqual(['Своё сообщение']);
  });
});
