// Use cases over HTTP: the web app's transactions (list, detail, receipt file, the trader's confirmation) and
// the public payer page (the order, "I have paid", the receipt upload).
import {
  API,
  DEAL_MESSAGES,
  payerOrderSchema,
  RECEIPT_MAX_BYTES,
  transactionDetailSchema,
  transactionsQuery,
  transactionsResponse,
  verifyTransactionBody,
  verifyTransactionResponse,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import { isMalformedMultipart } from '../../lib/multipart.ts';
import type { ErrorBody } from '../../plugins/error-handler.ts';
import { currentUser } from '../../plugins/session.ts';

const idParams = z.object({ id: z.string().max(100) });

/** Every message of an error body as one {detail}: the deal screens show errors in a toast. */
function asDetail(body: ErrorBody) {
  if (typeof body === 'string') return { detail: body };
  const messages: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'request_id') continue;
    messages.push(...(Array.isArray(value) ? value : [value]));
  }
  return {
    detail: messages.join(' '),
    ...(typeof body.request_id === 'string' ? { request_id: body.request_id } : {}),
  };
}

/** A public page is polled by the payer every few seconds; these bound what one address can ask. */
const PAYER_READS_PER_MIN = 120;
const PAYER_WRITES_PER_MIN = 20;

/**
 * The web app's deal calls (spec §7 Transactions, exactly at its paths, plus the detail and the receipt) and
 * the public payer page's calls. Traders see their deals and merchants their orders; the payer page needs no
 * session: the deal id is a random UUID that only the payer's link carries.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { orders } = ctx;
  const onRequest = app.requireUser;
  const detail = { errorBody: asDetail };

  app.get(
    API.transactions.list,
    {
      onRequest,
      config: detail,
      schema: { querystring: transactionsQuery, response: { 200: transactionsResponse } },
    },
    async (request) => orders.listTransactions(currentUser(request), request.query),
  );

  app.get(
    API.transactions.detail(':id'),
    { onRequest, config: detail, schema: { params: idParams, response: { 200: transactionDetailSchema } } },
    async (request) => orders.transactionDetail(currentUser(request), request.params.id),
  );

  app.get(
    API.transactions.receipt(':id'),
    { onRequest, config: detail, schema: { params: idParams } },
    async (request, reply) => {
      const receipt = await orders.receiptFile(currentUser(request), request.params.id);
      const extension = receipt.contentType === 'application/pdf' ? 'pdf' : receipt.contentType.slice(6);
      return reply
        .type(receipt.contentType)
        .header('content-disposition', `attachment; filename="receipt-${request.params.id}.${extension}"`)
        .header('x-content-sha256', receipt.sha256)
        .send(receipt.content);
    },
  );

  app.post(
    API.transactions.verify,
    {
      onRequest,
      config: detail,
      schema: { body: verifyTransactionBody, response: { 200: verifyTransactionResponse } },
    },
    async (request) => orders.confirmByTrader(currentUser(request), request.body.transaction_id),
  );

  const payerRoutes: FastifyPluginAsyncZod = async (payer) => {
    await payer.register(multipart, {
      limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
    });
    const reads = { ...detail, rateLimit: { max: PAYER_READS_PER_MIN, timeWindow: '1 minute' } };
    const writes = { ...detail, rateLimit: { max: PAYER_WRITES_PER_MIN, timeWindow: '1 minute' } };

    payer.get(
      API.payer.order(':id'),
      { config: reads, schema: { params: idParams, response: { 200: payerOrderSchema } } },
      async (request) => orders.payerOrder(request.params.id),
    );

    payer.post(
      API.payer.paid(':id'),
      { config: writes, schema: { params: idParams, response: { 200: payerOrderSchema } } },
      async (request) => {
        await orders.markPaid(request.params.id);
        return orders.payerOrder(request.params.id);
      },
    );

    payer.post(
      API.payer.receipt(':id'),
      { config: writes, schema: { params: idParams, response: { 200: payerOrderSchema } } },
      async (request) => {
        if (!request.isMultipart()) throw badRequest(DEAL_MESSAGES.receiptBadType);
        let content: Buffer;
        try {
          const file = await request.file();
          if (!file) throw badRequest(DEAL_MESSAGES.receiptBadType);
          content = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new HttpError(413, { detail: DEAL_MESSAGES.receiptTooLarge });
          }
          if (isMalformedMultipart(error)) throw badRequest(DEAL_MESSAGES.receiptBadType);
          throw error;
        }
        await orders.uploadReceipt(request.params.id, content);
        return orders.payerOrder(request.params.id);
      },
    );
  };
  // Its own scope, so multipart parsing exists on the receipt upload and nowhere else.
  await app.register(payerRoutes);
};
