/** Public contact details shown on the landing pages. */
export const SUPPORT_EMAIL = 'support@processing.example';
export const SUPPORT_TELEGRAM = '@processing_support';
