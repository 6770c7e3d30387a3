import { SUPPORT_CONTACTS } from '@app/shared/web-texts';
import { Mail, MessageCircle } from 'lucide-react';

/** Public contact details shown on the landing pages (one source: SUPPORT_CONTACTS in shared). */
export const SUPPORT_EMAIL = SUPPORT_CONTACTS.email;
export const SUPPORT_TELEGRAM = SUPPORT_CONTACTS.telegram;

/** A Telegram username as a t.me link. */
export function telegramUrl(username: string): string {
  return `https://t.me/${username.replace(/^@/, '')}`;
}

/**
 * The two ways to reach support, as /contact and Help → technical support both show them: the channel's name,
 * the address, where a tap leads and how soon support answers there.
 */
export const SUPPORT_CHANNELS = {
  email: {
    label: 'Электронная почта',
    icon: Mail,
    value: SUPPORT_EMAIL,
    href: `mailto:${SUPPORT_EMAIL}`,
    response: SUPPORT_CONTACTS.emailResponse,
  },
  telegram: {
    label: 'Telegram',
    icon: MessageCircle,
    value: SUPPORT_TELEGRAM,
    href: telegramUrl(SUPPORT_TELEGRAM),
    response: SUPPORT_CONTACTS.telegramResponse,
  },
} as const;
