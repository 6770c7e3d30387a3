/** Use case: the texts of every mail (one-time codes and notices), plain text and HTML. */
import { escapeHtml, utcDateTimeText } from '@app/shared';
import type { MailMessage } from './mailer.ts';

export type OtpPurpose =
  | 'register'
  | 'login'
  | 'password_reset'
  | 'wallet_address'
  | 'withdrawal'
  | 'whitelist'
  | 'terminal'
  | 'admin';

const PURPOSE_TEXT: Record<OtpPurpose, { subject: string; action: string }> = {
  register: { subject: 'Код подтверждения регистрации', action: 'завершения регистрации' },
  login: { subject: 'Код для входа', action: 'входа в аккаунт' },
  password_reset: { subject: 'Код для сброса пароля', action: 'сброса пароля' },
  wallet_address: { subject: 'Подтверждение создания кошелька', action: 'создания адреса кошелька' },
  withdrawal: { subject: 'Подтверждение вывода средств', action: 'подтверждения вывода средств' },
  whitelist: {
    subject: 'Подтверждение изменения белого списка',
    action: 'изменения белого списка кошельков',
  },
  terminal: { subject: 'Подтверждение подключения терминала', action: 'подключения терминала' },
  admin: {
    subject: 'Подтверждение действия администратора',
    action: 'подтверждения действия в консоли оператора',
  },
};

const CODE_FOOTER = 'Если вы не запрашивали это письмо, просто проигнорируйте его. Никому не сообщайте код.';

function layout(title: string, bodyHtml: string, footer = CODE_FOOTER): string {
  return `<!doctype html><html lang="ru"><body style="margin:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1f1937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:18px;font-weight:bold;color:#6d28d9;padding-bottom:16px">Processing</td></tr>
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:12px">${escapeHtml(title)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="font-size:12px;color:#6b6580;padding-top:24px">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

/** "1 минуту", "3 минуты", "10 минут": the number with its word as it follows "действует". */
export function minutesText(minutes: number): string {
  const lastTwo = minutes % 100;
  const last = minutes % 10;
  if (last === 1 && lastTwo !== 11) return `${minutes} минуту`;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${minutes} минуты`;
  return `${minutes} минут`;
}

/**
 * The message carrying a one-time code: the six digits appear in both the text and the HTML body.
 * `ttlMinutes` is what is left of the code's life (less than the full 10 when a live code is mailed again).
 */
export function otpMail(to: string, purpose: OtpPurpose, code: string, ttlMinutes: number): MailMessage {
  const { subject, action } = PURPOSE_TEXT[purpose];
  const lifetime = minutesText(ttlMinutes);
  const text = `Ваш код для ${action}: ${code}\n\nКод действует ${lifetime} и может быть использован один раз.\nЕсли вы не запрашивали код, проигнорируйте это письмо.`;
  const html = layout(
    subject,
    `<p>Ваш код для ${escapeHtml(action)}:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#1f1937;margin:16px 0">${code}</p>
<p>Код действует ${lifetime} и может быть использован один раз.</p>`,
  );
  return { to, purpose: `otp:${purpose}`, subject: `${subject}: ${code}`, text, html };
}

/** A notice of plain paragraphs: the text has one per line, the HTML one <p> each (no markup in them). */
function noticeMail(to: string, purpose: string, subject: string, paragraphs: string[]): MailMessage {
  const text = paragraphs.join('\n');
  const html = layout(subject, paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join(''));
  return { to, purpose, subject, text, html };
}

/** Sent instead of a code when someone tries to register an email that already has an account. */
export function alreadyRegisteredMail(to: string): MailMessage {
  return noticeMail(to, 'already_registered', 'Попытка повторной регистрации', [
    'Кто-то попытался зарегистрироваться с вашим адресом. У вас уже есть аккаунт — просто войдите.',
    'Если вы забыли пароль, воспользуйтесь восстановлением пароля.',
  ]);
}

/** Sent instead of a reset code when nobody has an account with the address. */
export function noAccountMail(to: string): MailMessage {
  return noticeMail(to, 'no_account', 'Запрос на сброс пароля', [
    'Кто-то запросил сброс пароля для этого адреса, но аккаунта с таким email у нас нет.',
    'Если это были вы, зарегистрируйтесь или проверьте адрес.',
  ]);
}

/**
 * Sent when an address is added to the withdrawal whitelist: which address, from when it can receive
 * withdrawals, and what to do if the owner did not add it (someone else holds their session).
 */
export function whitelistAddedMail(to: string, address: string, usableAt: Date): MailMessage {
  const subject = 'Новый адрес в белом списке';
  const when = utcDateTimeText(usableAt);
  const advice =
    'Если это были не вы, удалите адрес из белого списка, смените пароль (это завершит все сеансы) и напишите в поддержку.';
  const text = `В белый список кошельков для вывода добавлен адрес:\n${address}\n\nОн станет доступен для вывода ${when}.\n\n${advice}`;
  const html = layout(
    subject,
    `<p>В белый список кошельков для вывода добавлен адрес:</p>
<p style="font-family:monospace;font-size:15px;word-break:break-all;margin:12px 0">${escapeHtml(address)}</p>
<p>Он станет доступен для вывода ${escapeHtml(when)}.</p>
<p><strong>${escapeHtml(advice)}</strong></p>`,
    'Это уведомление о безопасности: оно приходит при каждом добавлении адреса в белый список.',
  );
  return { to, purpose: 'whitelist_added', subject, text, html };
}

/**
 * A lead's invitation (issue 14): the referral code and the sign-up link that opens the register form with it.
 * The code works only for this address.
 */
export function referralInviteMail(to: string, code: string, link: string): MailMessage {
  const subject = 'Приглашение в Processing';
  const text = `Вас пригласили зарегистрироваться в Processing.\n\nВаш реферальный код: ${code}\nЗарегистрируйтесь по ссылке: ${link}\n\nКод действует только для этого адреса и может быть использован один раз.`;
  const html = layout(
    subject,
    `<p>Вас пригласили зарегистрироваться в Processing.</p>
<p>Ваш реферальный код:</p>
<p style="font-size:24px;letter-spacing:4px;font-weight:bold;color:#1f1937;margin:16px 0">${escapeHtml(code)}</p>
<p><a href="${escapeHtml(link)}" style="color:#6d28d9">Зарегистрироваться</a></p>
<p style="word-break:break-all;font-size:13px;color:#6b6580">${escapeHtml(link)}</p>
<p>Код действует только для этого адреса и может быть использован один раз.</p>`,
    'Если вы не ждали приглашения, просто проигнорируйте это письмо.',
  );
  return { to, purpose: 'referral_invite', subject, text, html };
}

/** The dispute notices that go by mail when no Telegram bot is configured (issue 25). */
export type DisputeNoticeKind = 'opened' | 'consideration' | 'resolved';

const DISPUTE_NOTICE_SUBJECT: Record<DisputeNoticeKind, string> = {
  opened: 'Открыт спор: загрузите доказательства',
  consideration: 'Спор передан на рассмотрение',
  resolved: 'Решение по спору',
};

/**
 * A dispute notice by mail, the same text the Telegram message would carry: without a bot nobody can link
 * Telegram, so the mail is how the trader and the merchant learn of the dispute and its deadline.
 */
export function disputeNoticeMail(to: string, kind: DisputeNoticeKind, text: string): MailMessage {
  const subject = DISPUTE_NOTICE_SUBJECT[kind];
  const html = layout(
    subject,
    `<p>${escapeHtml(text)}</p><p>Подробности — в разделе «Disputes» личного кабинета.</p>`,
    'Это уведомление о споре: такие письма приходят всегда, пока к аккаунту не подключён Telegram-бот.',
  );
  return {
    to,
    purpose: `dispute:${kind}`,
    subject,
    text: `${text}\n\nПодробности — в разделе «Disputes» личного кабинета.`,
    html,
  };
}

/**
 * An operator created the account (issue 27): the password-reset code in a link to the site, where the user
 * sets their password. The console never sees or mails a password; a code past its lifetime is replaced by
 * "Forgot password" on the site, the same flow.
 */
export function accountCreatedMail(
  publicUrl: string,
  to: string,
  roleLabel: string,
  code: string,
  ttlMinutes: number,
): MailMessage {
  const link = `${publicUrl.replace(/\/+$/, '')}/welcome?password_reset=${encodeURIComponent(to)}&code=${code}`;
  const subject = 'Ваш аккаунт создан';
  const lifetime = minutesText(ttlMinutes);
  const text = [
    `Для вас создан аккаунт (${roleLabel}) с адресом ${to}.`,
    `Чтобы задать пароль, откройте ссылку: ${link}`,
    `Или на сайте выберите «Забыли пароль?» и введите код ${code}. Код действует ${lifetime}; позже запросите новый там же.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Для вас создан аккаунт (${escapeHtml(roleLabel)}) с адресом ${escapeHtml(to)}.</p>
<p><a href="${escapeHtml(link)}">Задать пароль</a></p>
<p>Или на сайте выберите «Забыли пароль?» и введите код <b>${code}</b>. Код действует ${lifetime}; позже запросите новый там же.</p>`,
  );
  return { to, purpose: 'account_created', subject, text, html };
}
