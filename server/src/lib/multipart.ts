/**
 * True for a refusal by the multipart parser itself (busboy): a form that ends before its closing boundary, a
 * part terminated early, a content type without a boundary. busboy raises a plain Error with neither the
 * errno `code` of a file-system failure nor the status of @fastify/multipart's own errors (limits, prototype
 * keys), so this is the client's malformed form: a 400, not a 500.
 */
export function isMalformedMultipart(error: unknown): boolean {
  return (
    error instanceof Error && error.constructor === Error && !('code' in error) && !('statusCode' in error)
  );
}

/**
 * True when the request declares a multipart body: known from its headers in `onRequest`, before the body
 * parser ran (where `request.isMultipart()` is still false).
 */
export function declaresMultipart(headers: { 'content-type'?: string }): boolean {
  return /^multipart\/form-data\b/i.test(headers['content-type'] ?? '');
}
