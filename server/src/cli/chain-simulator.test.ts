import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  HOT_WALLET_ADDRESS,
  HOT_WALLET_KEY_HEX,
  OUTSIDE_ADDRESSES,
  VECTOR_ADDRESSES,
} from '../../test/tron-fixtures.ts';
import {
  checkTransferTransaction,
  signTransaction,
  transactionIdOf,
} from '../modules/tron/tron-transaction.ts';
import { createTronGridClient } from '../modules/tron/trongrid-client.ts';
import { startChainSimulator } from './chain-simulator.ts';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('chain simulator', () => {
  it('builds real transfers, accepts only a signature of the owner, refuses duplicates, and moves balances', async () => {
    const sim = await startChainSimulator({ port: 0 });
    try {
      const client = createTronGridClient({ url: sim.url });
      sim.deposit({ to: HOT_WALLET_ADDRESS, amount: 50_000_000n });
      const to = OUTSIDE_ADDRESSES[2]!;
      const build = () =>
        client.buildTransfer({
          owner: HOT_WALLET_ADDRESS,
          contract: USDT,
          to,
          amount: 20_000_000n,
          feeLimit: 100_000_000n,
        });
      const tx = await build();
      expect(tx.txID).toBe(transactionIdOf(tx.raw_data_hex));
      checkTransferTransaction(tx, {
        owner: HOT_WALLET_ADDRESS,
        contract: USDT,
        to,
        amount: 20_000_000n,
        maxFeeLimit: 100_000_000n,
        now: new Date(),
      });
      const otherKey = hexToBytes('11'.repeat(32));
      expect(await client.broadcast(signTransaction(tx, otherKey))).toMatchObject({
        accepted: false,
        code: 'SIGERROR',
      });
      const signed = signTransaction(tx, hexToBytes(HOT_WALLET_KEY_HEX));
      expect((await client.broadcast(signed)).accepted).toBe(true);
      expect(await client.broadcast(signed)).toMatchObject({
        accepted: false,
        code: 'DUP_TRANSACTION_ERROR',
      });
      expect(sim.balanceOf(to)).toBe(20_000_000n);
      expect(sim.balanceOf(HOT_WALLET_ADDRESS)).toBe(30_000_000n);
      expect(await client.transactionInfo(signed.txID)).toMatchObject({
        receiptResult: 'SUCCESS',
        failed: false,
      });

      const tooMuch = signTransaction(
        await client.buildTransfer({
          owner: HOT_WALLET_ADDRESS,
          contract: USDT,
          to,
          amount: 40_000_000n,
          feeLimit: 1n,
        }),
        hexToBytes(HOT_WALLET_KEY_HEX),
      );
      expect((await client.broadcast(tooMuch)).accepted).toBe(true);
      expect(await client.transactionInfo(tooMuch.txID)).toMatchObject({
        receiptResult: 'REVERT',
        failed: true,
      });
      expect(await client.transactionInfo('ee'.repeat(32))).toBeNull();
    } finally {
      await sim.close();
    }
  });

  it('persists its state to a file and takes deposits over HTTP', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-sim-'));
    const statePath = path.join(dir, 'state.json');
    try {
      const first = await startChainSimulator({ port: 0, statePath });
      const response = await fetch(`${first.url}/sim/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: VECTOR_ADDRESSES[0], amount: '12.5' }),
      });
      expect(response.status).toBe(200);
      const refused = await fetch(`${first.url}/sim/deposit`, {
        method: 'POST',
        body: JSON.stringify({ address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh', amount: '1' }),
      });
      expect(refused.status).toBe(400);
      await first.close();
      const second = await startChainSimulator({ port: 0, statePath });
      expect(second.balanceOf(VECTOR_ADDRESSES[0]!)).toBe(12_500_000n);
      const page = await createTronGridClient({ url: second.url }).accountTransfers({
        address: VECTOR_ADDRESSES[0]!,
        contract: USDT,
        minTimestamp: 0,
      });
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ to: VECTOR_ADDRESSES[0], value: 12_500_000n, contract: USDT });
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
