import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_WALLET_ADDRESS, OUTSIDE_ADDRESSES, VECTOR_ADDRESSES } from '../../../test/tron-fixtures.ts';
import { type ChainSimulator, startChainSimulator } from '../../cli/chain-simulator.ts';
import { tronAddressToHex } from './tron-address.ts';
import { createTronGridClient, TronGridError } from './trongrid-client.ts';

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;
let handler: Handler = (_request, response) => response.end('{}');
let server: http.Server;
let url: string;
let sim: ChainSimulator;

beforeAll(async () => {
  server = http.createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sim = await startChainSimulator({ port: 0 });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await sim.close();
});

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('TronGrid client', () => {
  it('sends TRON-PRO-API-KEY only when a key is configured', async () => {
    const seen: (string | undefined)[] = [];
    handler = (request, response) => {
      seen.push(request.headers['tron-pro-api-key'] as string | undefined);
      response.end(JSON.stringify({ data: [], meta: {} }));
    };
    await createTronGridClient({ url, apiKey: 'secret-key' }).transactionEvents('ab'.repeat(32));
    await createTronGridClient({ url }).transactionEvents('ab'.repeat(32));
    expect(seen).toEqual(['secret-key', undefined]);
  });

  it('gives up after its timeout, and reports error statuses and non-JSON answers', async () => {
    handler = () => {
      // Never answers.
    };
    const started = Date.now();
    await expect(createTronGridClient({ url, timeoutMs: 150 }).solidBlock()).rejects.toBeInstanceOf(
      TronGridError,
    );
    expect(Date.now() - started).toBeLessThan(5_000);

    handler = (_request, response) => {
      response.statusCode = 429;
      response.end('{"Error":"rate limited"}');
    };
    await expect(createTronGridClient({ url }).solidBlock()).rejects.toMatchObject({ status: 429 });

    handler = (_request, response) => response.end('<html>gateway</html>');
    await expect(createTronGridClient({ url }).solidBlock()).rejects.toThrow(/not JSON/);

    handler = (_request, response) =>
      response.end(JSON.stringify({ block_header: { raw_data: { timestamp: 'soon' } } }));
    await expect(createTronGridClient({ url }).solidBlock()).rejects.toThrow(/unexpected answer/);
  });

  it('normalises hex and base58 addresses, flags unconfirmed events and drops unreadable ones', async () => {
    const to = VECTOR_ADDRESSES[0]!;
    const from = VECTOR_ADDRESSES[1]!;
    handler = (_request, response) =>
      response.end(
        JSON.stringify({
          data: [
            {
              transaction_id: 'AB'.repeat(32),
              event_index: 2,
              block_number: 7,
              block_timestamp: 1_700_000_000_000,
              event_name: 'Transfer',
              contract_address: tronAddressToHex(USDT),
              result: { from: `0x${tronAddressToHex(from).slice(2)}`, to, value: '1500000' },
              _unconfirmed: true,
            },
            { transaction_id: 'not-a-txid', event_index: 0 },
            {
              transaction_id: 'cd'.repeat(32),
              event_index: 0,
              block_number: 8,
              block_timestamp: 1_700_000_003_000,
              event_name: 'Transfer',
              contract_address: USDT,
              result: { from, to: 'garbage', value: '-1' },
            },
          ],
          meta: { fingerprint: 'next-page' },
        }),
      );
    const page = await createTronGridClient({ url }).contractTransferEvents({
      contract: USDT,
      minBlockTimestamp: 0,
    });
    expect(page.fingerprint).toBe('next-page');
    expect(page.items[0]).toEqual({
      txid: 'ab'.repeat(32),
      eventIndex: 2,
      blockNumber: 7,
      blockTimestamp: 1_700_000_000_000,
      eventName: 'Transfer',
      contract: USDT,
      from,
      to,
      value: 1_500_000n,
      confirmed: false,
    });
    expect(page.items[1]).toBeNull();
    expect(page.items[2]).toMatchObject({ to: null, value: null, confirmed: true });
  });

  it('follows meta.fingerprint pages of the simulator in block order', async () => {
    const to = OUTSIDE_ADDRESSES[0]!;
    const from = Date.now() - 1;
    for (let i = 1; i <= 5; i++) sim.deposit({ to, amount: BigInt(i) });
    const client = createTronGridClient({ url: sim.url });
    const values: bigint[] = [];
    let fingerprint: string | null = null;
    let pages = 0;
    do {
      const page = await client.contractTransferEvents({
        contract: USDT,
        minBlockTimestamp: from,
        fingerprint,
        limit: 2,
      });
      values.push(...page.items.map((event) => event!.value!));
      fingerprint = page.fingerprint;
      pages += 1;
    } while (fingerprint);
    expect(pages).toBe(3);
    expect(values).toEqual([1n, 2n, 3n, 4n, 5n]);
  });

  it("reads the node's hex-encoded refusal of a transaction it will not build", async () => {
    handler = (_request, response) =>
      response.end(
        JSON.stringify({
          result: {
            code: 'CONTRACT_VALIDATE_ERROR',
            message: Buffer.from('account does not exist').toString('hex'),
          },
        }),
      );
    await expect(
      createTronGridClient({ url }).buildTransfer({
        owner: HOT_WALLET_ADDRESS,
        contract: USDT,
        to: OUTSIDE_ADDRESSES[1]!,
        amount: 1n,
        feeLimit: 1n,
      }),
    ).rejects.toThrow(/account does not exist/);
  });
});
