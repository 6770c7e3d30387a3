import { HTTP_ERROR_TEXT } from '@app/shared';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** A value still to look at, with the way to it (a link to its parent, so no path is copied per level). */
type Visit = { value: unknown; key?: PropertyKey; parent?: Visit };

function pathTo(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.unshift(at.key!);
  return path;
}

/**
 * The path of the first string (value or object key) holding U+0000 in a validated request part, or null.
 * Walked with a work stack, not recursion: a field the contract leaves open (z.unknown) may be nested
 * thousands of levels deep.
 */
export function nulCharacterPath(value: unknown): PropertyKey[] | null {
  const work: Visit[] = [{ value }];
  while (work.length > 0) {
    const visit = work.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathTo(visit);
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        work.push({ value: current[index], key: index, parent: visit });
      }
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return pathTo(visit);
        work.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * Wraps the zod validator compiler so that every route's body, query string and path parameters also refuse a
 * NUL character in any string that passed its contract. PostgreSQL's text cannot hold U+0000 (error 22021),
 * and no field of this service means one, so it is a client error like any other contract violation: a 400
 * under the field's name (problem details under the device and merchant APIs), before the route does any
 * work. One rule here instead of a refinement on each of the shared contracts' strings, so a new route or
 * field cannot forget it.
 */
export function refusingNulCharacters(
  compiler: FastifySchemaCompiler<z.ZodType>,
): FastifySchemaCompiler<z.ZodType> {
  return (route) => {
    const schema = route.schema;
    if (!schema || typeof schema !== 'object' || !('superRefine' in schema)) return compiler(route);
    const guarded = schema.superRefine((value, ctx) => {
      const path = nulCharacterPath(value);
      if (path) ctx.addIssue({ code: 'custom', path, message: HTTP_ERROR_TEXT.nulCharacter });
    });
    return compiler({ ...route, schema: guarded });
  };
}
