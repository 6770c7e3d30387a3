import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { STRONG_PASSWORD } from './test-app.ts';

/**
 * The abuse fuzz pass's generators (issue 15): from a registered route's zod contract (body, query, path
 * parameters, or the contract a handler applies by hand) a near-valid request, and fast-check arbitraries
 * that break it one way at a time: wrong JSON types, missing and extra fields, 1 MB strings, 10^4 levels of
 * nesting, unicode edge cases and NUL bytes (in bodies, query strings and path parameters), malformed JSON,
 * wrong content types and multipart garbage. contract-fuzz.db.test.ts sends them and judges the answers.
 */

/** A JSON text spliced into a body as is: what JSON.stringify cannot produce (1e999, 10^4 levels). */
export class RawJson {
  constructor(
    readonly json: string,
    readonly label: string,
  ) {}
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  items?: JsonSchema;
  default?: unknown;
};

/** One request part's contract as JSON Schema (input side), or null when the route declares none. */
function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  return z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
}

/** A registered route as the fuzz pass sees it. */
export interface FuzzRoute {
  method: string;
  /** The URL pattern with the API prefix, e.g. `/backend/c2c/:id/`. */
  url: string;
  body: JsonSchema | null;
  query: JsonSchema | null;
  params: JsonSchema | null;
  onRequest: unknown[];
  /** Whether the route reshapes its error bodies (config.errorBody). */
  reshapesErrors: boolean;
}

/** Reads a route from Fastify's onRoute hook; `handParsed` supplies the contract a handler applies itself. */
export function fuzzRoute(route: RouteOptions, handParsed?: z.ZodType): FuzzRoute {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const hooks = route.onRequest;
  return {
    method: String(route.method),
    url: route.url,
    body: jsonSchemaOf(schema.body) ?? jsonSchemaOf(handParsed),
    query: jsonSchemaOf(schema.querystring),
    params: jsonSchemaOf(schema.params),
    onRequest: Array.isArray(hooks) ? hooks : hooks ? [hooks] : [],
    reshapesErrors: typeof (route.config as { errorBody?: unknown } | undefined)?.errorBody === 'function',
  };
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Valid values for fields whose contract is a rule the schema alone does not show (checked by refine). */
const VALID_BY_NAME: Readonly<Record<string, unknown>> = {
  email: 'fuzz@example.com',
  password: STRONG_PASSWORD,
  new_password: STRONG_PASSWORD,
  confirm_password: STRONG_PASSWORD,
  otp: '123456',
  code_otp: '123456',
  username: 'fuzzuser',
  name: 'Иван Петрович С.',
  card: '2200123412341234',
  phone_number: '+79001234567',
  nomer_scheta: '40817810099910004312',
  bank: 1,
  address: 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK',
  wallet: 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK',
  amount: '1500.00',
  min_amount_for_deposit: '100',
  max_amount_for_deposit: '1000',
  url: 'https://example.com/hook',
  callback_url: 'https://example.com/hook',
  return_url: 'https://example.com/return',
  tz: 'Europe/Moscow',
  referral_code: '',
  telegram_id: 123456,
  reason: 'Платёж не пришёл',
  note: 'Проверка',
  text: 'Поступление 1500р от Иван И.',
  sender: '900',
  received_at: '2026-01-01T00:00:00Z',
  battery: 50,
};

/** A value the contract accepts (as far as its JSON Schema tells), for a field of this name. */
export function validSample(schema: JsonSchema | undefined, name = ''): unknown {
  if (name in VALID_BY_NAME) {
    const known = VALID_BY_NAME[name];
    // The withdrawal amount is a JSON number, the order amount a decimal string.
    if (name === 'amount' && schemaType(schema) === 'number') return 10;
    return known;
  }
  if (!schema) return 'x';
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return validSample(schema.anyOf[0], name);
  if (schema.default !== undefined) return schema.default;
  const type = schemaType(schema);
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      if (schema.required?.includes(key) || key in VALID_BY_NAME) out[key] = validSample(sub, key);
    }
    return out;
  }
  if (type === 'array') return Array.from({ length: schema.minItems ?? 1 }, () => validSample(schema.items));
  if (type === 'integer' || type === 'number')
    return Math.max(1, schema.minimum ?? schema.exclusiveMinimum ?? 1);
  if (type === 'boolean') return true;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'uri') return 'https://example.com/x';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

function schemaType(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.type)) return schema.type[0];
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
}

const MB = 1_048_576;
const DEPTH = 10_000;

/** Strings that have broken servers: NUL bytes, lone surrogates, direction overrides, emoji, huge. */
export const NASTY_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  `${'a'.repeat(10)}\u0000`,
  '\ud800',
  'x\udfffy',
  '\u202eRTL override\u202c',
  'مرحبا بالعالم',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '\ufeff\u200b\u200d',
  'e\u0301\u0301\u0301',
  '%00',
  '%',
  '../../etc/passwd',
  "' or 1=1 --",
  '{{7*7}}<%= 7*7 %>',
  '',
  ' ',
  'x'.repeat(MB),
  'я'.repeat(MB / 2 + 1),
];

/** Numbers and number-like strings for money and count fields. */
const NASTY_NUMBERS: readonly unknown[] = [
  0,
  -1,
  -0.01,
  0.1,
  1.5,
  2 ** 53 + 1,
  -(2 ** 53) - 1,
  1e21,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  '-1',
  '-0.01',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e9',
  '1e999',
  '0x10',
  ' 1500.00',
  '1500.00 ',
  '1,500.00',
  '١٥٠٠.٠٠',
  '999999999999999999999.99',
  '0.00',
  '1500.001',
  '+1500.00',
  new RawJson('1e999', '1e999'),
  new RawJson('-1e999', '-1e999'),
  new RawJson('123456789012345678901234567890', '30-digit integer'),
  new RawJson('-0', '-0'),
  new RawJson('1E-400', '1E-400'),
];

const deepArray = new RawJson(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`, `array nested ${DEPTH} deep`);
const deepObject = new RawJson(
  `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
  `object nested ${DEPTH} deep`,
);

/** Values of every JSON type but the right one, plus the nasty strings and numbers. */
const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 'a', null],
  { a: 1 },
  { $gt: '' },
  deepArray,
  deepObject,
];

/** A bad JSON value of any kind, from the fixed lists or generated. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.double() },
);

/** A bad text for a query value or path parameter (already decoded; encoded loosely when sent). */
export const badText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 4096)) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS.filter((n) => typeof n === 'string')) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(20_000), '[object Object]', 'null', 'true', '-1', '0') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Percent-encodes like encodeURIComponent, but a lone surrogate becomes its (invalid) CESU-8 bytes. */
export function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** JSON text of a body that may hold RawJson pieces and own `__proto__` keys. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.json);
      return `__raw_${raws.length - 1}__`;
    }
    return item;
  });
  return (text ?? 'null').replace(/"__raw_(\d+)__"/g, (_match, index: string) => raws[Number(index)]!);
}

/** A short, printable account of a value for a failure message (a 1 MB string is not printed whole). */
export function describeValue(value: unknown): string {
  if (value instanceof RawJson) return `<${value.label}>`;
  if (typeof value === 'string' && value.length > 60) {
    return `<string of ${value.length} chars: ${JSON.stringify(value.slice(0, 20))}…>`;
  }
  const text = toJsonText(value);
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text;
}

/** Malformed or oddly typed bodies sent as raw text with a content type. */
const RAW_BODIES: readonly { contentType: string | null; payload: string }[] = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '[1,2' },
  { contentType: 'application/json', payload: 'nul' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '\u0000' },
  { contentType: 'application/json', payload: '{"a":"\\u0000"}' },
  { contentType: 'application/json', payload: '{"a":"\\ud800"}' },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { contentType: 'application/json', payload: '\ufeff{}' },
  { contentType: 'application/json', payload: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}` },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/xml', payload: '<a>1</a>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { contentType: 'application/octet-stream', payload: '\u0000\u0001\u0002' },
  { contentType: 'application/x-\u00e9', payload: '{}' },
  { contentType: '', payload: '{}' },
  { contentType: null, payload: '{}' },
];

const BOUNDARY = 'fuzzboundary';
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const bytes = (...values: number[]) => Buffer.from(values);
const part = (headers: string, content: Buffer) =>
  Buffer.concat([utf8(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), content, utf8('\r\n')]);
const file = (field: string, name: string, type: string, content: Buffer) =>
  part(
    `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}`,
    content,
  );
const field = (name: string, value: string) =>
  part(`Content-Disposition: form-data; name="${name}"`, utf8(value));
const END = utf8(`--${BOUNDARY}--\r\n`);
const form = (...parts: Buffer[]) => Buffer.concat(parts);
const JPEG_START = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46);

/** Multipart garbage: broken framing, files whose bytes lie about their type, NUL bytes in names and fields. */
const MULTIPART_BODIES: readonly { label: string; payload: Buffer; boundary?: string }[] = [
  { label: 'no parts', payload: END },
  { label: 'no closing boundary', payload: file('avatar', 'a.jpg', 'image/jpeg', JPEG_START) },
  { label: 'other boundary', payload: utf8('--other\r\n\r\nx\r\n--other--\r\n') },
  { label: 'missing boundary parameter', payload: END, boundary: '' },
  { label: 'not multipart at all', payload: utf8('just text') },
  {
    label: 'truncated JPEG as avatar',
    payload: form(file('avatar', 'a.jpg', 'image/jpeg', JPEG_START), END),
  },
  { label: 'truncated JPEG as file', payload: form(file('file', 'a.jpg', 'image/jpeg', JPEG_START), END) },
  {
    label: 'PNG magic then garbage',
    payload: form(
      file('file', 'r.png', 'image/png', Buffer.concat([bytes(0x89), utf8('PNG\r\n\x1a\nxx')])),
      END,
    ),
  },
  {
    label: 'PDF header only with a type',
    payload: form(
      field('type', 'trader'),
      file('files', 'r.pdf', 'application/pdf', utf8('%PDF-1.4\n')),
      END,
    ),
  },
  {
    label: 'empty file',
    payload: form(field('type', 'merchant'), file('files', 'e.jpg', 'image/jpeg', bytes()), END),
  },
  {
    label: 'NUL in file name',
    payload: form(field('type', 'trader'), file('files', 'a\u0000.jpg', 'image/jpeg', JPEG_START), END),
  },
  {
    label: 'NUL in fields',
    payload: form(
      field('type', '\u0000'),
      field('reason', 'a\u0000b'),
      field('note', 'a\u0000b'),
      field('transaction_id', randomUUID()),
      END,
    ),
  },
  {
    label: 'NUL in the reason and note, files attached',
    payload: form(
      field('reason', 'a\u0000b'),
      field('note', 'a\u0000b'),
      field('transaction_id', randomUUID()),
      file('files', 'a.pdf', 'application/pdf', utf8('%PDF-1.4\n%%EOF\n')),
      END,
    ),
  },
  {
    label: 'fields with lone surrogates and RTL',
    payload: form(field('reason', '\ud800\u202e'), field('note', '\udfff'), field('type', 'trader'), END),
  },
  { label: 'field over the size limit', payload: form(field('reason', 'x'.repeat(8192)), END) },
  {
    label: 'too many parts',
    payload: form(...Array.from({ length: 30 }, (_v, i) => field(`f${i}`, 'x')), END),
  },
  { label: 'part without headers', payload: form(utf8(`--${BOUNDARY}\r\n\r\nx\r\n`), END) },
  { label: 'file in a text field', payload: form(file('type', 't.txt', 'text/plain', utf8('trader')), END) },
  { label: 'huge part header', payload: form(part(`X-Junk: ${'a'.repeat(100_000)}`, utf8('x')), END) },
];

/** What one fuzz case breaks, and how it is sent. */
export type Breakage =
  | { kind: 'field'; part: 'body'; field: string; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'extra'; field: string; value: unknown }
  | { kind: 'whole-body'; value: unknown }
  | { kind: 'raw-body'; contentType: string | null; payload: string }
  | { kind: 'multipart'; label: string; payload: Buffer; boundary?: string }
  | { kind: 'query'; field: string; value: string }
  | { kind: 'query-array'; field: string; values: string[] }
  | { kind: 'param'; field: string; value: string }
  | { kind: 'param-raw'; field: string; encoded: string };

export function describeBreakage(breakage: Breakage): string {
  switch (breakage.kind) {
    case 'field':
      return `body.${breakage.field} = ${describeValue(breakage.value)}`;
    case 'missing':
      return `body without ${breakage.field}`;
    case 'extra':
      return `body with extra ${JSON.stringify(breakage.field)} = ${describeValue(breakage.value)}`;
    case 'whole-body':
      return `body = ${describeValue(breakage.value)}`;
    case 'raw-body':
      return `raw body ${describeValue(breakage.payload)} as ${JSON.stringify(breakage.contentType)}`;
    case 'multipart':
      return `multipart: ${breakage.label}`;
    case 'query':
      return `query ${breakage.field} = ${describeValue(breakage.value)}`;
    case 'query-array':
      return `query ${breakage.field} repeated ${describeValue(breakage.values)}`;
    case 'param':
      return `path :${breakage.field} = ${describeValue(breakage.value)}`;
    case 'param-raw':
      return `path :${breakage.field} sent as ${describeValue(breakage.encoded)}`;
  }
}

const hasBody = (method: string) =>
  method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';

const propertiesOf = (schema: JsonSchema | null) => Object.keys(schema?.properties ?? {});

/** Percent sequences that are not valid UTF-8 or not valid escapes at all. */
const BROKEN_ESCAPES = ['%', '%zz', '%E0%A4%A', '%C0%80', '%FF', '%00%00', '%2F..%2F', '%ED%A0%80'];

/** The ways to break this route's request, weighted toward what its contract has. */
export function breakageFor(route: FuzzRoute): fc.Arbitrary<Breakage> {
  const options: fc.WeightedArbitrary<Breakage>[] = [];
  const bodyFields = propertiesOf(route.body);
  const queryFields = propertiesOf(route.query);
  const paramFields = propertiesOf(route.params);
  if (hasBody(route.method)) {
    if (bodyFields.length) {
      const name = fc.constantFrom(...bodyFields);
      options.push({
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('field' as const),
          part: fc.constant('body' as const),
          field: name,
          value: badValue,
        }),
      });
      options.push({
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('missing' as const), field: name }),
      });
    }
    options.push({
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        field: fc.constantFrom('extra', '__proto__', 'constructor', '\u0000', '😀', 'x'.repeat(1000)),
        value: badValue,
      }),
    });
    options.push({
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('whole-body' as const), value: badValue }),
    });
    options.push({
      weight: 2,
      arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ kind: 'raw-body' as const, ...raw })),
    });
    if (route.method === 'POST') {
      options.push({
        weight: 2,
        arbitrary: fc
          .constantFrom(...MULTIPART_BODIES)
          .map((body) => ({ kind: 'multipart' as const, ...body })),
      });
    }
  }
  // Every route gets query garbage; one with a query contract gets it under its own names.
  const queryName = fc.constantFrom(...queryFields, 'page', 'search', 'x');
  options.push({
    weight: queryFields.length ? 5 : 1,
    arbitrary: fc.record({ kind: fc.constant('query' as const), field: queryName, value: badText }),
  });
  options.push({
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('query-array' as const),
      field: queryName,
      values: fc.array(badText, { minLength: 2, maxLength: 3 }),
    }),
  });
  if (paramFields.length) {
    const name = fc.constantFrom(...paramFields);
    options.push({
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant('param' as const), field: name, value: badText }),
    });
    options.push({
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('param-raw' as const),
        field: name,
        encoded: fc.constantFrom(...BROKEN_ESCAPES),
      }),
    });
  }
  return fc.oneof(...options);
}

/**
 * The cases every route gets whatever the seed: a NUL byte, a lone surrogate and a 1 MB string in each body
 * string field, in each query field and in each path parameter; 10^4 levels of nesting; malformed JSON.
 */
export function fixedBreakages(route: FuzzRoute): Breakage[] {
  const cases: Breakage[] = [];
  const strings = ['a\u0000b', '\ud800', 'x'.repeat(MB)];
  if (hasBody(route.method)) {
    for (const name of propertiesOf(route.body)) {
      for (const value of strings) cases.push({ kind: 'field', part: 'body', field: name, value });
      cases.push({ kind: 'field', part: 'body', field: name, value: deepObject });
    }
    cases.push({ kind: 'whole-body', value: deepArray });
    cases.push({ kind: 'raw-body', contentType: 'application/json', payload: '{' });
  }
  for (const name of propertiesOf(route.query)) {
    for (const value of ['a\u0000b', '\ud800', '\u202e😀']) cases.push({ kind: 'query', field: name, value });
  }
  for (const name of propertiesOf(route.params)) {
    for (const value of ['a\u0000b', '\ud800', '\u202e😀', 'x'.repeat(101)]) {
      cases.push({ kind: 'param', field: name, value });
    }
  }
  return cases;
}

/** The request a breakage makes of the route's near-valid request (method, URL, headers, payload). */
export function buildRequest(
  route: FuzzRoute,
  breakage: Breakage,
  /** A path parameter's unbroken value: an id of a real object (so the case gets past "not found"), or any. */
  pathId: () => string = randomUUID,
): { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer } {
  const params: Record<string, string> = {};
  for (const match of route.url.matchAll(/:([A-Za-z_]+)/g)) params[match[1]!] = encodeLoose(pathId());
  if (breakage.kind === 'param') params[breakage.field] = encodeLoose(breakage.value);
  if (breakage.kind === 'param-raw') params[breakage.field] = breakage.encoded;
  const path = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => params[name]!);

  const query: [string, string][] = [];
  const baseQuery = (route.query ? validSample(route.query) : {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(baseQuery)) {
    if (breakage.kind === 'query' || breakage.kind === 'query-array') {
      if (key === breakage.field) continue;
    }
    query.push([key, encodeLoose(String(value))]);
  }
  if (breakage.kind === 'query') query.push([encodeLoose(breakage.field), encodeLoose(breakage.value)]);
  if (breakage.kind === 'query-array') {
    for (const value of breakage.values) query.push([encodeLoose(breakage.field), encodeLoose(value)]);
  }
  const search = query.length ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
  const url = `${path}${search}`;

  const headers: Record<string, string> = {};
  if (!hasBody(route.method)) return { method: route.method, url, headers };
  const base = (route.body ? validSample(route.body) : {}) as Record<string, unknown>;
  let payload: string | Buffer;
  switch (breakage.kind) {
    case 'field':
      payload = toJsonText({ ...base, [breakage.field]: breakage.value });
      headers['content-type'] = 'application/json';
      break;
    case 'missing': {
      const { [breakage.field]: _dropped, ...rest } = base;
      payload = toJsonText(rest);
      headers['content-type'] = 'application/json';
      break;
    }
    case 'extra': {
      const body = { ...base };
      Object.defineProperty(body, breakage.field, { value: breakage.value, enumerable: true });
      payload = toJsonText(body);
      headers['content-type'] = 'application/json';
      break;
    }
    case 'whole-body':
      payload = toJsonText(breakage.value);
      headers['content-type'] = 'application/json';
      break;
    case 'raw-body':
      payload = breakage.payload;
      if (breakage.contentType !== null) headers['content-type'] = breakage.contentType;
      break;
    case 'multipart':
      payload = breakage.payload;
      headers['content-type'] =
        breakage.boundary === '' ? 'multipart/form-data' : `multipart/form-data; boundary=${BOUNDARY}`;
      break;
    default:
      payload = toJsonText(base);
      headers['content-type'] = 'application/json';
  }
  return { method: route.method, url, headers, payload };
}
