import { type BannerVariant, FIRST_BANNER_ID } from '@app/shared/dashboard-banners';
import type { HelpNavigationState } from '../help/help-sections.ts';
import depositLg from './banners/deposit-lg.svg?no-inline';
import depositMd from './banners/deposit-md.svg?no-inline';
import depositSm from './banners/deposit-sm.svg?no-inline';
import depositXs from './banners/deposit-xs.svg?no-inline';
import paymentLg from './banners/payment-lg.svg?no-inline';
import paymentMd from './banners/payment-md.svg?no-inline';
import paymentSm from './banners/payment-sm.svg?no-inline';
import paymentXs from './banners/payment-xs.svg?no-inline';
import telegramLg from './banners/telegram-lg.svg?no-inline';
import telegramMd from './banners/telegram-md.svg?no-inline';
import telegramSm from './banners/telegram-sm.svg?no-inline';
import telegramXs from './banners/telegram-xs.svg?no-inline';
import terminalLg from './banners/terminal-lg.svg?no-inline';
import terminalMd from './banners/terminal-md.svg?no-inline';
import terminalSm from './banners/terminal-sm.svg?no-inline';
import terminalXs from './banners/terminal-xs.svg?no-inline';

export { BANNER_VARIANTS, type BannerVariant } from '@app/shared/dashboard-banners';

export interface Banner {
  id: string;
  /** What the banner says, for screen readers (the picture carries the same words). */
  alt: string;
  /** Where a click leads: Help, Beginners, and the subsection that explains this step when there is one. */
  help: HelpNavigationState;
  src: Record<BannerVariant, string>;
}

/** The four first steps of a trader (spec §2 Home dashboard banner carousel), in the order they are taken. */
export const BANNERS: readonly Banner[] = [
  {
    id: FIRST_BANNER_ID,
    alt: 'Шаг 1 из 4. Подключите Telegram: бот сообщает о новых сделках и спорах, а команда /status покажет баланс и рейтинг',
    help: { section: 'beginners', subsection: 'telegram-connect' },
    src: { xs: telegramXs, sm: telegramSm, md: telegramMd, lg: telegramLg },
  },
  {
    id: 'terminal',
    alt: 'Шаг 2 из 4. Подключите терминал: установите Terminal Manager на Android-телефон и отсканируйте QR-код',
    help: { section: 'beginners', subsection: 'terminal-connect' },
    src: { xs: terminalXs, sm: terminalSm, md: terminalMd, lg: terminalLg },
  },
  {
    id: 'payment',
    alt: 'Шаг 3 из 4. Добавьте способ оплаты: привяжите карту, телефон или счёт к терминалу; сделки приходят при рейтинге от 51 %',
    help: { section: 'beginners' },
    src: { xs: paymentXs, sm: paymentSm, md: paymentMd, lg: paymentLg },
  },
  {
    id: 'deposit',
    alt: 'Шаг 4 из 4. Внесите залог в USDT: пополните баланс в USDT TRC20, залог обеспечивает сделки, а вознаграждение зачисляется на баланс',
    help: { section: 'beginners' },
    src: { xs: depositXs, sm: depositSm, md: depositMd, lg: depositLg },
  },
];
