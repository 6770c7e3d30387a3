// The merchant API's public OpenAPI document, docs page and its style sheet.
import { API, kopecksToRubleString } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { MERCHANT_DOCS_CSS, renderMerchantDocsPage } from './merchant-docs-page.ts';
import { buildMerchantOpenApi } from './merchant-openapi.ts';

/**
 * The merchant API's public description (no key): the OpenAPI 3.1 document, its readable page and the
 * page's style sheet. Built once: the contracts do not change while the process runs.
 */
export const merchantDocsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  const doc = buildMerchantOpenApi({
    serverUrl: `${publicUrl}${config.API_PREFIX}`,
    publicUrl,
    limits: {
      orderMinRub: kopecksToRubleString(config.ORDER_MIN_RUB),
      openDisputesPerTrader: config.DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER,
      disputesPerDay: config.DISPUTE_MAX_PER_MERCHANT_PER_DAY,
      evidenceFiles: config.DISPUTE_MAX_FILES_PER_SIDE,
      evidenceMb: Math.floor(config.DISPUTE_MAX_BYTES_PER_SIDE / (1024 * 1024)),
      uploadsPerMin: config.DISPUTE_UPLOADS_PER_MIN,
    },
  });
  const openApi = JSON.stringify(doc);
  const page = renderMerchantDocsPage(doc, {
    stylesHref: `${config.API_PREFIX}${API.merchant.docsStyles}`,
    openApiHref: `${config.API_PREFIX}${API.merchant.openapi}`,
  });

  app.get(API.merchant.openapi, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(openApi),
  );
  app.get(API.merchant.docs, async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get(API.merchant.docsStyles, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(MERCHANT_DOCS_CSS),
  );
};
