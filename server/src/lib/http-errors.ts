import { type ApiErrorBody, type FieldErrors, HTTP_ERROR_TEXT } from '@app/shared';

/** An error with the exact HTTP status and body (spec §8 shape) the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ApiErrorBody,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
    this.name = 'HttpError';
  }
}

/** 400 with a pop-up message ({detail}). */
export const badRequest = (detail: string) => new HttpError(400, { detail });
/** 400 with messages under fields ({field: [message, …]}). */
export const fieldErrors = (fields: FieldErrors) => new HttpError(400, fields);
export const unauthorized = () => new HttpError(401, { detail: HTTP_ERROR_TEXT.unauthorized });
export const forbidden = (detail: string = HTTP_ERROR_TEXT.forbidden) => new HttpError(403, { detail });
export const notFound = (detail: string = HTTP_ERROR_TEXT.notFound) => new HttpError(404, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });
/** 451: the caller is not a lead (spec §6). */
export const notALead = (detail = 'У вас нет прав для этого действия') => new HttpError(451, { detail });
export const tooManyRequests = (detail: string) => new HttpError(429, { detail });

/**
 * 400 for zod issues of a body checked by hand (where the rule depends on the caller), in the shape a failed
 * route validation answers: messages under their first path segment (renamed by `rename`), a rule about the
 * whole body as {detail}.
 */
export function validationError(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  rename: Record<string, string> = {},
): HttpError {
  const fields: FieldErrors = {};
  const general: string[] = [];
  for (const issue of issues) {
    const first = issue.path[0];
    if (first === undefined) {
      if (!general.includes(issue.message)) general.push(issue.message);
      continue;
    }
    const key = rename[String(first)] ?? String(first);
    const list = fields[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    fields[key] = list;
  }
  return new HttpError(400, general.length ? { ...fields, detail: general.join(' ') } : fields);
}
