import { z } from 'zod';

/**
 * Russian default messages for every zod check that has no message of its own, installed once for the
 * whole process (server) or page (web) by every module that builds schemas (import it for its side effect,
 * so a web chunk that needs zod installs them and one that does not stays zod-free). zod's own
 * defaults are English, and its bundled Russian locale still names types in English ("ожидалось string")
 * and prints regular expressions. No message repeats the input.
 */

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'строка',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  boolean: 'логическое значение',
  object: 'объект',
  array: 'список',
  date: 'дата',
};

/** Russian noun form for a count: 1 символ, 2 символа, 5 символов. */
export function russianPlural(count: number, one: string, few: string, many: string): string {
  const tens = Math.abs(count) % 100;
  const units = tens % 10;
  if (tens >= 11 && tens <= 19) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

function sizeText(origin: string, bound: number | bigint, which: 'min' | 'max', inclusive: boolean): string {
  const count = Number(bound);
  const word = which === 'min' ? 'не меньше' : 'не больше';
  if (origin === 'string') {
    return `Длина должна быть ${word} ${count} ${russianPlural(count, 'символа', 'символов', 'символов')}`;
  }
  if (origin === 'array' || origin === 'set') {
    return `Элементов должно быть ${word} ${count}`;
  }
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    const strict = which === 'min' ? 'больше' : 'меньше';
    return `Значение должно быть ${inclusive ? word : strict} ${count}`;
  }
  return which === 'min' ? 'Слишком маленькое значение' : 'Слишком большое значение';
}

/** The message of one zod issue that was raised without a message of its own. */
export const russianZodError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Обязательное поле';
      return `Неверный тип значения: ожидается ${TYPE_NAMES[issue.expected] ?? 'другой тип'}`;
    case 'too_small':
      return sizeText(issue.origin, issue.minimum, 'min', issue.inclusive ?? true);
    case 'too_big':
      return sizeText(issue.origin, issue.maximum, 'max', issue.inclusive ?? true);
    case 'invalid_format':
      return 'Неверный формат значения';
    case 'not_multiple_of':
      return `Значение должно быть кратно ${issue.divisor}`;
    case 'unrecognized_keys':
      return 'Запрос содержит лишние поля';
    default:
      return 'Недопустимое значение';
  }
};

z.config({ localeError: russianZodError });
