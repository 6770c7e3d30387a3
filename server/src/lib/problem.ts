import { HTTP_ERROR_TEXT } from '@app/shared';
import { z } from 'zod';

/**
 * RFC 9457 problem details: the error format of the APIs that programs call (device now, merchant next).
 * The spec §8 shapes ({detail}, field arrays) stay for the web app's own calls.
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Paths under API_PREFIX whose errors are problem details. */
const MERCHANT_API_PATH = '/merchant/v1/';
const PROBLEM_API_PATHS = ['/device/v1/', MERCHANT_API_PATH];

/** True for a URL (with or without a query) of an API that answers errors as problem details. */
export function isProblemUrl(url: string, apiPrefix: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return PROBLEM_API_PATHS.some((below) => path.startsWith(`${apiPrefix}${below}`));
}

/**
 * True for a URL of the merchant API. Its validation problems list invalid fields as `{field: [messages]}`
 * (shared/src/merchant problemSchema, what the web app's forms use too); the device API lists JSON Pointers.
 */
export function isMerchantApiUrl(url: string, apiPrefix: string): boolean {
  return (url.split('?', 1)[0] ?? '').startsWith(`${apiPrefix}${MERCHANT_API_PATH}`);
}

/** Every problem type the APIs answer, with its short Russian title; the URI is `urn:processing:problem:<code>`. */
export const PROBLEM_TITLES = {
  'bad-request': 'Некорректный запрос',
  validation: 'Запрос не прошёл проверку',
  'invalid-json': 'Тело запроса не является корректным JSON',
  'idempotency-key-missing': 'Нужен заголовок Idempotency-Key',
  unauthorized: 'Требуется авторизация',
  forbidden: 'Недостаточно прав',
  'not-found': 'Не найдено',
  'idempotency-key-in-use': 'Запрос с этим ключом ещё выполняется',
  conflict: 'Конфликт',
  'payload-too-large': 'Слишком большой запрос',
  'uri-too-long': 'Слишком длинный адрес запроса',
  'unsupported-media-type': 'Неподдерживаемый формат данных',
  'idempotency-key-reused': 'Ключ уже использован с другим запросом',
  unprocessable: 'Запрос нельзя выполнить',
  'external-id-taken': 'external_id уже использован',
  'not-cancelable': 'Заказ нельзя отменить',
  'no-method': 'Нет доступного реквизита',
  'rate-unavailable': 'Нет действующего курса',
  'callback-url-refused': 'callback_url не принимается',
  'rate-limited': 'Слишком много запросов',
  'amount-below-minimum': 'Сумма меньше минимальной',
  'dispute-limit': 'Превышен лимит споров',
  'insufficient-storage': 'Недостаточно места для хранения',
  unavailable: 'Сервис временно недоступен',
  internal: 'Внутренняя ошибка сервера',
} as const;
export type ProblemCode = keyof typeof PROBLEM_TITLES;

export const problemTypeUri = (code: ProblemCode) => `urn:processing:problem:${code}`;

/** The problem type of a status no code of ours named (framework refusals, HttpErrors). */
const CODE_BY_STATUS: Readonly<Record<number, ProblemCode>> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'payload-too-large',
  414: 'uri-too-long',
  415: 'unsupported-media-type',
  422: 'unprocessable',
  429: 'rate-limited',
};

export function problemCodeForStatus(status: number): ProblemCode {
  if (status === 503) return 'unavailable';
  if (status === 507) return 'insufficient-storage';
  if (status >= 500) return 'internal';
  return CODE_BY_STATUS[status] ?? 'bad-request';
}

/** One invalid input: where (a JSON Pointer into the request body) and what is wrong. */
export const problemFieldErrorSchema = z.object({
  pointer: z.string(),
  detail: z.string(),
});

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  /** The invalid inputs, for a validation problem (e.g. `/items/3/text`). */
  errors: z.array(problemFieldErrorSchema).optional(),
  /** Present on a 500: quote it when reporting the failure. */
  request_id: z.string().optional(),
});
export type ProblemFieldError = z.infer<typeof problemFieldErrorSchema>;
/** The merchant API's invalid inputs: messages under each field name (`{amount: ["…"]}`). */
export type ProblemFieldMap = Record<string, string[]>;
export type Problem = Omit<z.infer<typeof problemSchema>, 'errors'> & {
  errors?: ProblemFieldError[] | ProblemFieldMap;
};

const hasErrors = (errors: ProblemFieldError[] | ProblemFieldMap | undefined) =>
  errors !== undefined && (Array.isArray(errors) ? errors.length > 0 : Object.keys(errors).length > 0);

export function problemBody(
  status: number,
  code: ProblemCode,
  detail?: string,
  errors?: ProblemFieldError[] | ProblemFieldMap,
): Problem {
  return {
    type: problemTypeUri(code),
    title: PROBLEM_TITLES[code],
    status,
    detail: detail ?? PROBLEM_TITLES[code],
    ...(errors && hasErrors(errors) ? { errors } : {}),
  };
}

/** An error answered as a problem document with exactly this status, type and detail. */
export class ProblemError extends Error {
  readonly problem: Problem;
  constructor(
    readonly statusCode: number,
    code: ProblemCode,
    detail?: string,
    errors?: ProblemFieldError[] | ProblemFieldMap,
  ) {
    super(detail ?? PROBLEM_TITLES[code]);
    this.name = 'ProblemError';
    this.problem = problemBody(statusCode, code, detail, errors);
  }
}

/** The 401 every device route gives for a missing, malformed, unknown or revoked token (one answer for all). */
export const unauthorizedProblem = () => new ProblemError(401, 'unauthorized', HTTP_ERROR_TEXT.unauthorized);
