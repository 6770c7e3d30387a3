import { API, kopecksToRubleString, parseRubles } from '@app/shared';
import { loadConfig } from '../config.ts';
import { parseArgs } from './commands/types.ts';
import {
  createOrder,
  listenForWebhooks,
  MerchantSimError,
  merchantCall,
  merchantSimStatePath,
  readMerchantState,
} from './merchant-simulator.ts';

const USAGE = `Usage:
  npm run merchant:sim -- order AMOUNT sbp|c2c [--bank ID] [--external-id X] [--return-url URL]
                                            create an order (AMOUNT in rubles, e.g. 1500 or 1500.00); prints
                                            its payment_url for the payer
  npm run merchant:sim -- get ORDER_ID      show an order
  npm run merchant:sim -- cancel ORDER_ID   cancel a pending order
  npm run merchant:sim -- list              the newest orders
  npm run merchant:sim -- balance           the merchant's USDT balance
  npm run merchant:sim -- listen [--port 4000]
                                            receive webhooks on 127.0.0.1:PORT/webhook, verify each signature
The key, server and webhook secret come from DATA_DIR/merchant-sim.json (written by npm run seed).`;

/** "1500" or "1500,5" → "1500.00" / "1500.50": the API takes rubles with exactly two places. */
function rubles(text: string): string {
  const kopecks = parseRubles(text.trim(), { maxWholeDigits: 9, comma: true });
  if (kopecks === null) throw new MerchantSimError(`Not an amount in rubles: ${text}`);
  return kopecksToRubleString(kopecks);
}

interface OrderView {
  id: string;
  status: string;
  amount: string;
  amount_usdt: string;
  rate: string;
  payment_url: string;
  expires_at: string;
  requisites: {
    bank: { name: string };
    card: string | null;
    phone_number: string | null;
    owner_name: string;
  };
}

function printOrder(order: OrderView) {
  console.log(`Order ${order.id}: ${order.status}`);
  console.log(
    `  ${order.amount} RUB = ${order.amount_usdt} USDT at ${order.rate}; expires ${order.expires_at}`,
  );
  const requisite = order.requisites.phone_number ?? order.requisites.card;
  console.log(`  pay to ${order.requisites.bank.name} ${requisite} (${order.requisites.owner_name})`);
  console.log(`  payer page: ${order.payment_url}`);
}

async function main(argv: string[]): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  const [command, ...rest] = positional;
  if (!command || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const state = readMerchantState(merchantSimStatePath(loadConfig().dataDir));
  switch (command) {
    case 'order': {
      const [amount, mode] = rest;
      if (!amount || (mode !== 'sbp' && mode !== 'c2c')) throw new MerchantSimError(USAGE);
      const order = (await createOrder(state, {
        amount: rubles(amount),
        payment_mode: mode,
        external_id: flags['external-id'] ?? `sim-${Date.now()}`,
        ...(flags.bank ? { bank_id: Number(flags.bank) } : {}),
        ...(flags['return-url'] ? { return_url: flags['return-url'] } : {}),
      })) as OrderView;
      printOrder(order);
      return 0;
    }
    case 'get':
    case 'cancel': {
      const [id] = rest;
      if (!id) throw new MerchantSimError(USAGE);
      const order = (await (command === 'get'
        ? merchantCall(state, 'GET', API.merchant.order(id))
        : merchantCall(state, 'POST', API.merchant.cancel(id)))) as OrderView;
      printOrder(order);
      return 0;
    }
    case 'list': {
      const page = (await merchantCall(state, 'GET', `${API.merchant.orders}?limit=20`)) as {
        data: OrderView[];
      };
      if (page.data.length === 0) console.log('No orders yet.');
      for (const order of page.data) {
        console.log(
          `${order.id}  ${order.status.padEnd(12)} ${order.amount.padStart(12)} RUB  ${order.expires_at}`,
        );
      }
      return 0;
    }
    case 'balance': {
      const balance = (await merchantCall(state, 'GET', API.merchant.balance)) as {
        available: string;
        frozen: string;
      };
      console.log(`Available ${balance.available} USDT, frozen ${balance.frozen} USDT.`);
      return 0;
    }
    case 'listen': {
      const port = Number(flags.port ?? 4000);
      await listenForWebhooks(state, port, (event) => {
        const parsed = event.valid ? (JSON.parse(event.body) as { type: string; data: OrderView }) : null;
        console.log(
          parsed
            ? `${new Date().toISOString()}  ${event.id}  ${parsed.type}  order ${parsed.data.id}  (signature ok)`
            : `${new Date().toISOString()}  ${event.id || '(no id)'}  INVALID SIGNATURE: refused`,
        );
      });
      console.log(`Listening on http://127.0.0.1:${port}/webhook; Ctrl-C stops.`);
      await new Promise(() => undefined);
      return 0;
    }
    default:
      throw new MerchantSimError(`Unknown command: ${command}\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof MerchantSimError ? error.message : error);
    process.exit(1);
  },
);
