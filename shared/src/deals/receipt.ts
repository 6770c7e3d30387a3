/**
 * The payer's receipt: PDF, JPEG or PNG up to 10 MB, checked by content on the server. Kept apart from the
 * zod contracts so the public payer page can check a file before sending it without loading zod.
 */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
