/** Where a dispute's notices go (Telegram with a bot, mail without one), and the notice to both sides. */
import type { Tx } from '../../db/client.ts';
import type { MailOutbox } from '../mail/mail.service.ts';
import { type DisputeNoticeKind, disputeNoticeMail } from '../mail/templates.ts';
import type { Notifier } from '../telegram/notifications.service.ts';
import * as users from '../users/users.service.ts';

export type { DisputeNoticeKind } from '../mail/templates.ts';

/**
 * Where a dispute's notices (opened with its evidence deadline, moved to consideration, resolved) go. With a
 * Telegram bot configured, spec §6 stands: every side has a linked account, and the notices are Telegram
 * messages. Without one (TELEGRAM_BOT_TOKEN unset) nobody can link an account, so they go through the mail
 * outbox to the user's address instead — in the caller's transaction either way, so a notice exists exactly
 * when its change committed.
 */
export function createDisputeNotices(deps: {
  /** Whether a bot runs (TELEGRAM_BOT_TOKEN is set). */
  telegramConfigured: boolean;
  notifier: Notifier;
  mail: Pick<MailOutbox, 'enqueue'>;
}) {
  return {
    /** Whether the Telegram-link rule applies (spec §6): only when a bot could take the link. */
    telegramRequired: deps.telegramConfigured,

    async send(tx: Tx, userId: string, kind: DisputeNoticeKind, text: string): Promise<void> {
      if (deps.telegramConfigured) {
        await deps.notifier.notify(tx, userId, { kind: 'dispute', text });
        return;
      }
      const user = await users.findById(tx, userId);
      if (!user) return;
      await deps.mail.enqueue(tx, disputeNoticeMail(user.email, kind, text));
    },
  };
}

export type DisputeNotices = ReturnType<typeof createDisputeNotices>;

/** The same notice to both sides of a dispute's deal (the trader, then the merchant). */
export async function noticeBothSides(
  notices: Pick<DisputeNotices, 'send'>,
  tx: Tx,
  deal: { traderId: string; merchantId: string },
  kind: DisputeNoticeKind,
  text: string,
): Promise<void> {
  await notices.send(tx, deal.traderId, kind, text);
  await notices.send(tx, deal.merchantId, kind, text);
}
