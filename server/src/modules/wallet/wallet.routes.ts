/** Spec §7 Wallet over HTTP: deposit address with a code, deposit nudge, withdrawals with a code, whitelist. */
import {
  API,
  depositNudgeResponse,
  walletAddressConfirmResponse,
  walletAddressRequestResponse,
  walletAddressResponse,
  walletDataSchema,
  walletOtpRequest,
  whitelistAddRequest,
  whitelistChangeResponse,
  whitelistDeleteRequest,
  whitelistToggleResponse,
  withdrawableResponse,
  withdrawalsQuery,
  withdrawalsResponse,
  withdrawLimitsResponse,
  withdrawRequest,
  withdrawVerifyRequest,
  withdrawVerifyResponse,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../plugins/session.ts';

const message = z.object({ message: z.string() });

/**
 * Spec §7 Wallet at exactly its paths. The session check runs on request, before the body is even parsed,
 * so a signed-out caller gets 401 (and a non-lead 451) whatever they send.
 */
export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { wallet } = ctx;
  const user = { onRequest: app.requireUser };
  const lead = { onRequest: app.requireLead };

  app.get(
    API.wallet.address,
    { ...user, schema: { response: { 200: walletAddressResponse } } },
    async (request) => wallet.getAddress(currentUser(request)),
  );

  app.post(
    API.wallet.addressRequest,
    { ...user, schema: { response: { 200: walletAddressRequestResponse } } },
    async (request) => wallet.requestAddress(currentUser(request), request.ip),
  );

  app.post(
    API.wallet.addressConfirm,
    { ...user, schema: { body: walletOtpRequest, response: { 200: walletAddressConfirmResponse } } },
    async (request) => wallet.confirmAddress(currentUser(request), request.body.otp),
  );

  app.post(
    API.wallet.deposit,
    { ...user, schema: { response: { 200: depositNudgeResponse } } },
    async (request) => {
      const { status } = await wallet.nudgeDeposit(currentUser(request));
      return { status };
    },
  );

  app.post(
    API.wallet.withdrawRequest,
    { ...lead, schema: { body: withdrawRequest, response: { 200: message } } },
    async (request) => wallet.requestWithdrawal(currentUser(request), request.body, request.ip),
  );

  app.post(
    API.wallet.withdrawVerify,
    { ...lead, schema: { body: withdrawVerifyRequest, response: { 200: withdrawVerifyResponse } } },
    async (request) => wallet.verifyWithdrawal(currentUser(request), request.body),
  );

  app.get(
    API.wallet.withdrawLimits,
    { ...lead, schema: { response: { 200: withdrawLimitsResponse } } },
    async (request) => wallet.getWithdrawLimits(currentUser(request)),
  );

  app.get(
    API.wallet.withdrawable,
    { ...lead, schema: { response: { 200: withdrawableResponse } } },
    async (request) => wallet.getWithdrawable(currentUser(request)),
  );

  app.get(
    API.wallet.withdrawals,
    { ...lead, schema: { querystring: withdrawalsQuery, response: { 200: withdrawalsResponse } } },
    async (request) => wallet.listWithdrawals(currentUser(request), request.query),
  );

  app.get(API.wallet.white, { ...lead, schema: { response: { 200: walletDataSchema } } }, async (request) =>
    wallet.getWhitelist(currentUser(request)),
  );

  app.post(API.wallet.whiteOtp, { ...lead, schema: { response: { 200: message } } }, async (request) =>
    wallet.requestWhitelistCode(currentUser(request), request.ip),
  );

  app.patch(
    API.wallet.white,
    { ...lead, schema: { body: walletOtpRequest, response: { 200: whitelistToggleResponse } } },
    async (request) => wallet.toggleWhitelist(currentUser(request), request.body.otp),
  );

  app.post(
    API.wallet.white,
    { ...lead, schema: { body: whitelistAddRequest, response: { 200: whitelistChangeResponse } } },
    async (request) => wallet.addToWhitelist(currentUser(request), request.body.wallet),
  );

  app.delete(
    API.wallet.white,
    { ...lead, schema: { body: whitelistDeleteRequest, response: { 200: whitelistChangeResponse } } },
    async (request) => wallet.deleteFromWhitelist(currentUser(request), request.body.id),
  );
};
