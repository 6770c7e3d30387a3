import { z } from 'zod';
import '../zod-messages.ts';
import { emailField } from '../auth/rules.ts';
import { pageQueryFields } from '../paging.ts';

/** Spec §3 Referral: one invitation code of a lead. `profit` is the lifetime commission from that trader (USDT). */
export const referralSchema = z.object({
  id: z.string(),
  referral_code: z.string(),
  email: z.string(),
  created_at: z.string(),
  profit: z.number(),
  is_used: z.boolean(),
});
export type Referral = z.infer<typeof referralSchema>;

/** GET /account/lead/refferal/?page= (spec §7): 10 per page, newest first. */
export const referralListQuery = z.object({ page: pageQueryFields({ defaultSize: 10 }).page });
export const referralListResponse = z.object({ results: z.array(referralSchema), count: z.number().int() });
export type ReferralListResponse = z.infer<typeof referralListResponse>;

/** POST /account/lead/refferal/ {email} (spec §7; spec §5 Referral email: required, email type). */
export const createReferralRequest = z.object({ email: emailField });
export type CreateReferralRequest = z.infer<typeof createReferralRequest>;
export const createReferralResponse = referralSchema;

/**
 * GET /account/lead/refferal/{id}/ (our addition, the detail modal): the code, its sign-up link, when it was
 * used, and for an activated code the referred trader's completed deals and the commission by month (the
 * lead's time is UTC months, newest first, at most 12).
 */
export const referralDetailResponse = referralSchema.extend({
  link: z.string(),
  used_at: z.string().nullable(),
  deals_count: z.number().int(),
  by_month: z.array(z.object({ month: z.string(), deals: z.number().int(), profit: z.number() })),
});
export type ReferralDetailResponse = z.infer<typeof referralDetailResponse>;
