import { escapeHtml } from '@app/shared';

export type OtpPurpose =
  | 'register'
  | 'login'
  | 'password_reset'
  | 'wallet_address'
  | 'withdrawal'
  | 'whitelist'
  | 'terminal';

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
};

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="ru"><body style="margin:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1f1937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:18px;font-weight:bold;color:#6d28d9;padding-bottom:16px">Processing</td></tr>
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:12px">${escapeHtml(title)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="font-size:12px;color:#6b6580;padding-top:24px">Если вы не запрашивали это письмо, просто проигнорируйте его. Никому не сообщайте код.</td></tr>
</table></td></tr></table></body></html>`;
}

/** The message carrying a one-time code: the six digits appear in both the text and the HTML body. */
export function otpMail(to: string, purpose: OtpPurpose, code: string, ttlMinutes: number) {
  const { subject, action } = PURPOSE_TEXT[purpose];
  const text = `Ваш код для ${action}: ${code}\n\nКод действует ${ttlMinutes} минут и может быть использован один раз.\nЕсли вы не запрашивали код, проигнорируйте это письмо.`;
  const html = layout(
    subject,
    `<p>Ваш код для ${escapeHtml(action)}:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#1f1937;margin:16px 0">${code}</p>
<p>Код действует ${ttlMinutes} минут и может быть использован один раз.</p>`,
  );
  return { to, subject: `${subject}: ${code}`, text, html };
}

/** Sent instead of a code when someone tries to register an email that already has an account. */
export function alreadyRegisteredMail(to: string) {
  const subject = 'Попытка повторной регистрации';
  const text =
    'Кто-то попытался зарегистрироваться с вашим адресом. У вас уже есть аккаунт — просто войдите.\nЕсли вы забыли пароль, воспользуйтесь восстановлением пароля.';
  const html = layout(
    subject,
    '<p>Кто-то попытался зарегистрироваться с вашим адресом. У вас уже есть аккаунт — просто войдите.</p><p>Если вы забыли пароль, воспользуйтесь восстановлением пароля.</p>',
  );
  return { to, subject, text, html };
}

/** Sent instead of a reset code when nobody has an account with the address. */
export function noAccountMail(to: string) {
  const subject = 'Запрос на сброс пароля';
  const text =
    'Кто-то запросил сброс пароля для этого адреса, но аккаунта с таким email у нас нет.\nЕсли это были вы, зарегистрируйтесь или проверьте адрес.';
  const html = layout(
    subject,
    '<p>Кто-то запросил сброс пароля для этого адреса, но аккаунта с таким email у нас нет.</p><p>Если это были вы, зарегистрируйтесь или проверьте адрес.</p>',
  );
  return { to, subject, text, html };
}
