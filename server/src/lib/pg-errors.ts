/**
 * PostgreSQL's unique_violation (23505) with the index it hit, found on the error or its causes: Drizzle
 * wraps driver errors, and PGlite and node-postgres both carry `code` and `constraint`.
 */
export function uniqueViolation(error: unknown): { constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return { constraint };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * PostgreSQL's invalid_parameter_value (22023), found on the error or its causes: e.g. a time zone name the
 * server's zone database does not know.
 */
export function invalidParameterValue(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if ((current as { code?: string }).code === '22023') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PostgreSQL's refusal of a text it cannot store: a NUL character in text (22021, character_not_in_repertoire)
 * or `\u0000` in jsonb (22P05, untranslatable_character), found on the error or its causes.
 */
export function unstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const { code } = current as { code?: string };
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
