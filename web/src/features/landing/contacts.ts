import { SUPPORT_CONTACTS } from '@app/shared/web-texts';

/** Public contact details shown on the landing pages (one source: SUPPORT_CONTACTS in shared). */
export const SUPPORT_EMAIL = SUPPORT_CONTACTS.email;
export const SUPPORT_TELEGRAM = SUPPORT_CONTACTS.telegram;
