import { type ZodType, z } from 'zod';

/**
 * The pieces every OpenAPI document of the server builds with (the merchant API, the device API): a zod
 * contract as a schema, and references into the document's components.
 */

/** A zod contract as an OpenAPI 3.1 schema (JSON Schema 2020-12, without the dialect line). */
export function schemaOf(schema: ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return json;
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });
