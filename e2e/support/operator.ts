// Fixtures of the operator console's spec (issue 27): a withdrawal waiting for the operator and a webhook event
// whose retry window has passed, each made through the product's own calls where a test can make it.
import { API } from '@app/shared';
import { type APIRequestContext, expect } from '@playwright/test';
import pg from 'pg';
import { E2E } from './env.ts';
import { latestCode, mailCount } from './mail.ts';

/**
 * A lead's withdrawal as the Withdraw tab makes it (request, mailed code, verify). This run has no hot-wallet
 * key, so it waits for the operator (`held`). `lead` is the lead's signed-in request context.
 */
export async function requestWithdrawal(
  lead: APIRequestContext,
  email: string,
  amount: number,
  address: string,
): Promise<void> {
  const seen = mailCount(email);
  const asked = await lead.post(`${E2E.apiPrefix}${API.wallet.withdrawRequest}`, {
    data: { amount, address },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const verified = await lead.post(`${E2E.apiPrefix}${API.wallet.withdrawVerify}`, {
    data: { amount, address, otp: await latestCode(email, seen) },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
}

/**
 * Moves a merchant's undelivered webhook events past their retry window (WEBHOOK_RETRY_HOURS, 72 h, cannot pass in a
 * test): their creation time goes back 73 hours and they are due now, so the delivery job's next attempt at the
 * unreachable URL gives them up as `failed`, the way it would three days later.
 */
export async function agePendingWebhooks(merchantEmail: string): Promise<void> {
  const client = new pg.Client({ connectionString: E2E.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update webhook_events set created_at = now() - interval '73 hours', next_attempt_at = now()
        where state = 'pending' and merchant_id = (select id from users where lower(email) = lower($1))`,
      [merchantEmail],
    );
  } finally {
    await client.end();
  }
}
