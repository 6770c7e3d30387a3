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

/**
 * The head every document of the server starts with: OpenAPI 3.1, version 1.0.0, proprietary licence, the one
 * server the document's paths are relative to and the security scheme every operation needs unless it says not.
 */
export function documentHead(head: {
  title: string;
  summary: string;
  description: string;
  server: { url: string; description: string };
  securityScheme: string;
}) {
  return {
    openapi: '3.1.0',
    info: {
      title: head.title,
      version: '1.0.0',
      summary: head.summary,
      description: head.description,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [head.server],
    security: [{ [head.securityScheme]: [] }],
  };
}

/** The Idempotency-Key header of every POST; `description` says how each API scopes and keeps a key. */
export const idempotencyKeyParameter = (description: string) => ({
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  example: '8e0f6c9a-2b1d-4f3e-9a7c-5d4b3a2f1e0d',
});
