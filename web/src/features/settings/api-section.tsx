import { API, MERCHANT_TEXT } from '@app/shared';
import { BookOpen, ExternalLink } from 'lucide-react';
import { apiUrl } from '../../api/client.ts';
import { buttonClasses } from '../../ui/index.ts';
import { ApiKeysCard } from './api-keys.tsx';
import { API_SECTION_TEXT } from './api-texts.ts';
import { ShopNameCard } from './shop-name-card.tsx';
import { WebhookDeliveriesCard } from './webhook-deliveries.tsx';
import { WebhookCard } from './webhook-settings.tsx';

/**
 * Settings #api, for merchants (issue 10, beyond the spec): the shop name payers see (issue 25), API keys, the webhook URL and signing secret,
 * the delivery log with resend, and the API documentation.
 */
export function ApiSection() {
  return (
    <section aria-labelledby="settings-api-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="settings-api-title" className="text-h2 text-gray-900">
            {MERCHANT_TEXT.sectionTitle}
          </h2>
          <p className="mt-1 text-small text-gray-500">{API_SECTION_TEXT.description}</p>
        </div>
        <a
          href={apiUrl(API.merchant.docs)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <BookOpen size={14} aria-hidden />
          {MERCHANT_TEXT.docsLink}
          <ExternalLink size={13} aria-hidden className="text-gray-400" />
        </a>
      </div>
      <ShopNameCard />
      <ApiKeysCard />
      <WebhookCard />
      <WebhookDeliveriesCard />
    </section>
  );
}
