/**
 * Use cases: mail an admin a code for one sensitive action (purpose `admin`, the action kept with the code)
 * and check it when the action's request carries it. A code asked for one action does not confirm another.
 */
import { ADMIN_MESSAGES, type AdminOtpAction } from '@app/shared';
import { fieldErrors } from '../../lib/http-errors.ts';
import { OtpError, type OtpService } from '../otp/otp.service.ts';

export function createAdminCodes(deps: { otp: OtpService }) {
  return {
    /** Mails the admin a code for `action` (the OTP budgets apply: 429 past them). */
    async send(admin: { id: string; email: string }, action: AdminOtpAction, ip: string): Promise<void> {
      await deps.otp.issue({
        email: admin.email,
        purpose: 'admin',
        ip,
        userId: admin.id,
        payload: { action },
      });
    },

    /** Uses up the code; 400 {otp: [...]} when it is missing, wrong, expired or was asked for another action. */
    async confirm(admin: { email: string }, action: AdminOtpAction, code: string | undefined): Promise<void> {
      if (!code) throw fieldErrors({ otp: [ADMIN_MESSAGES.otpRequired] });
      let payload: Record<string, unknown>;
      try {
        payload = await deps.otp.consume({ email: admin.email, purpose: 'admin', code });
      } catch (error) {
        if (error instanceof OtpError) throw fieldErrors({ otp: [error.message] });
        throw error;
      }
      if (payload.action !== action) throw fieldErrors({ otp: [ADMIN_MESSAGES.otpInvalid] });
    },
  };
}
export type AdminCodes = ReturnType<typeof createAdminCodes>;
