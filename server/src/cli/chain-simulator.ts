import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseUsdt } from '@app/shared';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../lib/cursor.ts';
import {
  decodeTronAddress,
  isValidTronAddress,
  normalizeTronAddress,
  tronAddressFromPrivateKey,
  tronAddressToHex,
} from '../modules/tron/tron-address.ts';
import { decodeTransactionRaw, encodeTriggerTransactionRaw } from '../modules/tron/tron-protobuf.ts';
import {
  decodeTransferCallData,
  recoverSigner,
  TRC20_TRANSFER_FUNCTION,
  TRC20_TRANSFER_SELECTOR,
  transactionIdOf,
} from '../modules/tron/tron-transaction.ts';

/**
 * A local TronGrid-compatible chain for demos and tests. It implements exactly the calls the server's
 * TronGrid client makes, for one TRC20 contract (USDT by default), with real transaction encoding: a
 * transfer built here has raw_data_hex in java-tron's protobuf format and txID = SHA-256(raw_data_hex), and
 * a broadcast is accepted only when its signature recovers the owner address. Token balances are tracked,
 * so a withdrawal from an unfunded hot wallet fails on chain the way it would on mainnet.
 */

const EXPIRATION_MS = 60_000;
const MAX_PAGE = 200;
const MAX_BODY_BYTES = 1_048_576;
/** The address simulated deposits come from: an exchange hot wallet, as far as anyone can tell. */
export const FAUCET_ADDRESS = tronAddressFromPrivateKey(sha256(new TextEncoder().encode('chain-sim faucet')));

interface SimTransfer {
  txid: string;
  eventIndex: number;
  blockNumber: number;
  blockTimestamp: number;
  from: string;
  to: string;
  value: string;
  confirmed: boolean;
}

interface SimTransaction {
  txid: string;
  owner: string;
  to: string;
  amount: string;
  blockNumber: number;
  blockTimestamp: number;
  success: boolean;
  confirmed: boolean;
}

interface SimState {
  blockNumber: number;
  balances: Record<string, string>;
  transfers: SimTransfer[];
  transactions: Record<string, SimTransaction>;
}

/** Switches tests flip to make the chain misbehave. */
export interface SimulatorFaults {
  /** Every call answers 503 (a TronGrid outage). */
  unavailable: boolean;
  /** triggersmartcontract answers a txID that is not SHA-256(raw_data_hex). */
  forgeTxId: boolean;
  /** triggersmartcontract encodes a transfer to this address instead (a hostile node), txID consistent. */
  redirectTo: string | null;
  /** The next N broadcasts fail with 503 before reaching the chain. */
  failBroadcasts: number;
  /** The next N broadcasts reach the chain and then answer 503 (the answer is lost on the way back). */
  acceptThenFail: number;
  /** New transactions are included but not solidified until this is switched off. */
  holdSolidity: boolean;
  /** The next N broadcasts are answered as accepted but never reach a block (a node that drops them). */
  dropBroadcasts: number;
}

/** A running simulator: its URL, fault switches, counters, and direct access for tests. */
export interface ChainSimulator {
  url: string;
  port: number;
  contract: string;
  faults: SimulatorFaults;
  /** Calls served per route, e.g. stats['POST /wallet/broadcasttransaction']. */
  stats: Record<string, number>;
  /**
   * A transfer to an address, minted from the faucet; confirmed unless told otherwise. A txid (and event
   * index) may be given to put a second transfer into one transaction, or to replay an event.
   */
  deposit(input: DepositInput): {
    txid: string;
    eventIndex: number;
  };
  /** Confirms an unconfirmed deposit or a held transaction. */
  confirm(txid: string): void;
  balanceOf(address: string): bigint;
  /** Every transaction broadcast and executed, keyed by txid. */
  transactions(): SimTransaction[];
  close(): Promise<void>;
}

interface DepositInput {
  to: string;
  amount: bigint;
  confirmed?: boolean;
  from?: string;
  txid?: string;
  eventIndex?: number;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function loadState(file: string | undefined): SimState {
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as SimState;
  return { blockNumber: 1_000, balances: {}, transfers: [], transactions: {} };
}

function hexMessage(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex');
}

/** TronGrid's paging `fingerprint`, as the simulator issues it: the next item's offset, in the one cursor encoding. */
const fingerprintPayload = z.object({ o: z.number().int().min(0) });

function encodeFingerprint(offset: number): string {
  return encodeCursor({ o: offset });
}

function decodeFingerprint(value: string | null): number {
  if (!value) return 0;
  const parsed = decodeCursor(fingerprintPayload, value);
  if (!parsed) throw new HttpFailure(400, 'bad fingerprint');
  return parsed.o;
}

/**
 * The simulator's transfers with lookups that do not read them all: by transaction id, by address, and by block
 * time (a binary search while they were added in block-time order, as the simulator's clock only moves forward).
 * The seeded simulation makes hundreds of thousands of transfers; scanning them on every TronGrid call made its
 * rate fall with its length.
 */
class TransferIndex {
  private readonly byTxid = new Map<string, SimTransfer[]>();
  private readonly byAddress = new Map<string, SimTransfer[]>();
  private inTimeOrder = true;

  constructor(private readonly all: SimTransfer[]) {
    for (const [index, transfer] of all.entries()) this.note(transfer, all[index - 1]);
  }

  add(transfer: SimTransfer) {
    const previous = this.all.at(-1);
    this.all.push(transfer);
    this.note(transfer, previous);
  }

  ofTransaction(txid: string): SimTransfer[] {
    return this.byTxid.get(txid) ?? [];
  }

  ofAddress(address: string): SimTransfer[] {
    return this.byAddress.get(address) ?? [];
  }

  /** The transfers at or after this block time, in the order they were added. */
  since(minTimestamp: number): SimTransfer[] {
    if (!this.inTimeOrder) return this.all.filter((transfer) => transfer.blockTimestamp >= minTimestamp);
    let low = 0;
    let high = this.all.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.all[middle]!.blockTimestamp < minTimestamp) low = middle + 1;
      else high = middle;
    }
    return this.all.slice(low);
  }

  private note(transfer: SimTransfer, previous: SimTransfer | undefined) {
    if (previous && transfer.blockTimestamp < previous.blockTimestamp) this.inTimeOrder = false;
    const listed = (map: Map<string, SimTransfer[]>, key: string) => {
      const list = map.get(key);
      if (list) list.push(transfer);
      else map.set(key, [transfer]);
    };
    listed(this.byTxid, transfer.txid);
    listed(this.byAddress, transfer.to);
    if (transfer.from !== transfer.to) listed(this.byAddress, transfer.from);
  }
}

function pageOf<T>(items: T[], query: URLSearchParams, render: (item: T) => unknown) {
  const limit = Math.min(MAX_PAGE, Math.max(1, Number(query.get('limit') ?? 20) || 20));
  const offset = decodeFingerprint(query.get('fingerprint'));
  const slice = items.slice(offset, offset + limit);
  const more = offset + limit < items.length;
  return {
    data: slice.map(render),
    success: true,
    meta: {
      at: Date.now(),
      page_size: slice.length,
      ...(more ? { fingerprint: encodeFingerprint(offset + limit) } : {}),
    },
  };
}

/** Starts the simulator. Port 0 picks a free port (tests); state persists to statePath when given. */
export async function startChainSimulator(options: {
  port?: number;
  host?: string;
  contract?: string;
  statePath?: string;
  now?: () => number;
}): Promise<ChainSimulator> {
  const contract = options.contract ?? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const now = options.now ?? (() => Date.now());
  const state = loadState(options.statePath);
  const transfers = new TransferIndex(state.transfers);
  const faults: SimulatorFaults = {
    unavailable: false,
    forgeTxId: false,
    redirectTo: null,
    failBroadcasts: 0,
    acceptThenFail: 0,
    holdSolidity: false,
    dropBroadcasts: 0,
  };
  const stats: Record<string, number> = {};
  let solidHeldAt: number | null = null;

  function save() {
    if (!options.statePath) return;
    fs.mkdirSync(path.dirname(options.statePath), { recursive: true });
    const temporary = `${options.statePath}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(state));
    fs.renameSync(temporary, options.statePath);
  }

  function nextBlock(): { blockNumber: number; blockTimestamp: number } {
    state.blockNumber += 1;
    return { blockNumber: state.blockNumber, blockTimestamp: now() };
  }

  const balance = (address: string) => BigInt(state.balances[address] ?? '0');
  const setBalance = (address: string, value: bigint) => {
    state.balances[address] = value.toString();
  };

  function deposit(input: DepositInput) {
    if (!isValidTronAddress(input.to)) throw new HttpFailure(400, 'invalid address');
    if (input.amount <= 0n) throw new HttpFailure(400, 'amount must be positive');
    const block = nextBlock();
    const txid = input.txid ?? bytesToHex(randomBytes(32));
    const eventIndex = input.eventIndex ?? 0;
    transfers.add({
      txid,
      eventIndex,
      ...block,
      from: input.from ?? FAUCET_ADDRESS,
      to: input.to,
      value: input.amount.toString(),
      confirmed: input.confirmed ?? true,
    });
    setBalance(input.to, balance(input.to) + input.amount);
    save();
    return { txid, eventIndex };
  }

  function confirm(txid: string) {
    for (const transfer of transfers.ofTransaction(txid)) transfer.confirmed = true;
    const transaction = state.transactions[txid];
    if (transaction) transaction.confirmed = true;
    save();
  }

  function renderEvent(transfer: SimTransfer) {
    const hex20 = (address: string) => `0x${tronAddressToHex(address).slice(2)}`;
    return {
      block_number: transfer.blockNumber,
      block_timestamp: transfer.blockTimestamp,
      caller_contract_address: contract,
      contract_address: contract,
      event_index: transfer.eventIndex,
      event_name: 'Transfer',
      result: {
        0: hex20(transfer.from),
        1: hex20(transfer.to),
        2: transfer.value,
        from: hex20(transfer.from),
        to: hex20(transfer.to),
        value: transfer.value,
      },
      result_type: { from: 'address', to: 'address', value: 'uint256' },
      event: 'Transfer(address indexed from, address indexed to, uint256 value)',
      transaction_id: transfer.txid,
      ...(transfer.confirmed ? {} : { _unconfirmed: true }),
    };
  }

  function sortTransfers(list: SimTransfer[], query: URLSearchParams): SimTransfer[] {
    const ascending = (query.get('order_by') ?? '').endsWith(',asc');
    return [...list].sort((a, b) => {
      const order =
        a.blockTimestamp - b.blockTimestamp || a.blockNumber - b.blockNumber || a.eventIndex - b.eventIndex;
      return ascending ? order : -order;
    });
  }

  function contractEvents(contractPath: string, query: URLSearchParams) {
    const onlyConfirmed = query.get('only_confirmed') === 'true';
    const minTimestamp = Number(query.get('min_block_timestamp') ?? 0);
    const eventName = query.get('event_name');
    const matching =
      normalizeTronAddress(contractPath) !== contract || (eventName && eventName !== 'Transfer')
        ? []
        : transfers.since(minTimestamp).filter((t) => !onlyConfirmed || t.confirmed);
    return pageOf(sortTransfers(matching, query), query, renderEvent);
  }

  function accountTransfers(address: string, query: URLSearchParams) {
    const onlyConfirmed = query.get('only_confirmed') === 'true';
    const onlyTo = query.get('only_to') === 'true';
    const onlyFrom = query.get('only_from') === 'true';
    const tokenFilter = query.get('contract_address');
    const minTimestamp = Number(query.get('min_timestamp') ?? 0);
    const wanted = normalizeTronAddress(address);
    if (!wanted) throw new HttpFailure(400, 'invalid address');
    const matching =
      tokenFilter && normalizeTronAddress(tokenFilter) !== contract
        ? []
        : transfers
            .ofAddress(wanted)
            .filter(
              (t) =>
                (!onlyConfirmed || t.confirmed) &&
                t.blockTimestamp >= minTimestamp &&
                (onlyTo
                  ? t.to === wanted
                  : onlyFrom
                    ? t.from === wanted
                    : t.to === wanted || t.from === wanted),
            );
    return pageOf(sortTransfers(matching, query), query, (t) => ({
      transaction_id: t.txid,
      token_info: { symbol: 'USDT', address: contract, decimals: 6, name: 'Tether USD' },
      block_timestamp: t.blockTimestamp,
      from: t.from,
      to: t.to,
      type: 'Transfer',
      value: t.value,
    }));
  }

  function transactionEvents(txid: string, query: URLSearchParams) {
    const onlyConfirmed = query.get('only_confirmed') === 'true';
    const matching = transfers.ofTransaction(txid.toLowerCase()).filter((t) => !onlyConfirmed || t.confirmed);
    return {
      data: matching.map(renderEvent),
      success: true,
      meta: { at: now(), page_size: matching.length },
    };
  }

  function triggerSmartContract(body: Record<string, unknown>) {
    const owner = normalizeTronAddress(body.owner_address);
    const target = normalizeTronAddress(body.contract_address);
    const parameter = typeof body.parameter === 'string' ? body.parameter : '';
    const feeLimit = typeof body.fee_limit === 'number' && body.fee_limit > 0 ? body.fee_limit : 0;
    if (!owner || !target)
      return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexMessage('invalid address') } };
    if (body.function_selector !== TRC20_TRANSFER_FUNCTION || !/^[0-9a-fA-F]{128}$/.test(parameter)) {
      return {
        result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexMessage('only transfer(address,uint256)') },
      };
    }
    let data = hexToBytes(`${TRC20_TRANSFER_SELECTOR}${parameter.toLowerCase()}`);
    const call = decodeTransferCallData(data);
    if (!call) return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexMessage('bad parameter') } };
    if (faults.redirectTo) {
      const redirected = tronAddressToHex(faults.redirectTo).slice(2).padStart(64, '0');
      data = hexToBytes(`${TRC20_TRANSFER_SELECTOR}${redirected}${parameter.slice(64)}`);
    }
    const at = now();
    const refBlock = state.blockNumber;
    const rawDataHex = encodeTriggerTransactionRaw({
      refBlockBytes: hexToBytes((refBlock & 0xffff).toString(16).padStart(4, '0')),
      refBlockHash: randomBytes(8),
      expiration: BigInt(at + EXPIRATION_MS),
      timestamp: BigInt(at),
      feeLimit: BigInt(feeLimit),
      trigger: {
        ownerAddress: decodeTronAddress(owner),
        contractAddress: decodeTronAddress(target),
        callValue: 0n,
        data,
        callTokenValue: 0n,
        tokenId: 0n,
      },
    });
    const txID = faults.forgeTxId ? bytesToHex(randomBytes(32)) : transactionIdOf(rawDataHex);
    return {
      result: { result: true },
      transaction: {
        visible: true,
        txID,
        raw_data: {
          contract: [
            {
              parameter: {
                value: { data: bytesToHex(data), owner_address: owner, contract_address: target },
                type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
              },
              type: 'TriggerSmartContract',
            },
          ],
          ref_block_bytes: (refBlock & 0xffff).toString(16).padStart(4, '0'),
          expiration: at + EXPIRATION_MS,
          fee_limit: feeLimit,
          timestamp: at,
        },
        raw_data_hex: rawDataHex,
      },
      energy_used: 29_631,
    };
  }

  function broadcast(body: Record<string, unknown>) {
    const txid = typeof body.txID === 'string' ? body.txID.toLowerCase() : '';
    const rawHex = typeof body.raw_data_hex === 'string' ? body.raw_data_hex : '';
    const signature =
      Array.isArray(body.signature) && typeof body.signature[0] === 'string' ? body.signature[0] : '';
    const refuse = (code: string, message: string) => ({
      result: false,
      code,
      txid,
      message: hexMessage(message),
    });
    if (!rawHex || transactionIdOf(rawHex) !== txid)
      return refuse('OTHER_ERROR', 'txID does not match raw_data_hex');
    if (state.transactions[txid]) return refuse('DUP_TRANSACTION_ERROR', 'Dup transaction.');
    let raw: ReturnType<typeof decodeTransactionRaw>;
    try {
      raw = decodeTransactionRaw(rawHex);
    } catch {
      return refuse('OTHER_ERROR', 'raw_data_hex does not decode');
    }
    const trigger = raw.contracts[0]?.trigger;
    if (!trigger) return refuse('CONTRACT_VALIDATE_ERROR', 'not a TriggerSmartContract');
    const owner = normalizeTronAddress(bytesToHex(trigger.ownerAddress));
    let signer: string | null = null;
    try {
      signer = recoverSigner(txid, signature);
    } catch {
      signer = null;
    }
    if (!owner || signer !== owner) return refuse('SIGERROR', 'Validate signature error');
    if (Number(raw.expiration) <= now()) return refuse('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');
    const call = decodeTransferCallData(trigger.data);
    const block = nextBlock();
    const target = normalizeTronAddress(bytesToHex(trigger.contractAddress));
    const success = !!call && target === contract && balance(owner) >= call.amount;
    if (success && call) {
      setBalance(owner, balance(owner) - call.amount);
      setBalance(call.to, balance(call.to) + call.amount);
      transfers.add({
        txid,
        eventIndex: 0,
        ...block,
        from: owner,
        to: call.to,
        value: call.amount.toString(),
        confirmed: !faults.holdSolidity,
      });
    }
    state.transactions[txid] = {
      txid,
      owner,
      to: call?.to ?? '',
      amount: (call?.amount ?? 0n).toString(),
      ...block,
      success,
      confirmed: !faults.holdSolidity,
    };
    save();
    return { result: true, txid };
  }

  function transactionInfo(body: Record<string, unknown>) {
    const txid = typeof body.value === 'string' ? body.value.toLowerCase() : '';
    const transaction = state.transactions[txid];
    if (!transaction?.confirmed) return {};
    const info = {
      id: txid,
      fee: 13_844_850,
      blockNumber: transaction.blockNumber,
      blockTimeStamp: transaction.blockTimestamp,
      contractResult: [transaction.success ? `${'0'.repeat(63)}1` : ''],
      contract_address: tronAddressToHex(contract),
      receipt: {
        energy_usage_total: 29_631,
        energy_fee: 13_500_000,
        net_usage: 345,
        result: transaction.success ? 'SUCCESS' : 'REVERT',
      },
    };
    return transaction.success
      ? info
      : { ...info, result: 'FAILED', resMessage: hexMessage('REVERT opcode executed') };
  }

  function solidBlock() {
    if (!faults.holdSolidity) solidHeldAt = null;
    else if (solidHeldAt === null) solidHeldAt = now();
    const timestamp = solidHeldAt ?? now();
    return {
      blockID: bytesToHex(sha256(new TextEncoder().encode(String(state.blockNumber)))),
      block_header: { raw_data: { number: state.blockNumber, timestamp }, witness_signature: '' },
    };
  }

  function adminDeposit(body: Record<string, unknown>) {
    const to = typeof body.address === 'string' ? body.address : '';
    const amountText = typeof body.amount === 'number' ? String(body.amount) : String(body.amount ?? '');
    const amount = parseUsdt(amountText);
    if (!isValidTronAddress(to))
      throw new HttpFailure(400, 'address must be a valid base58check Tron address');
    if (amount === null || amount <= 0n) throw new HttpFailure(400, 'amount must be a positive USDT amount');
    const result = deposit({ to, amount, confirmed: body.confirmed !== false });
    return { txid: result.txid, event_index: result.eventIndex, block_number: state.blockNumber };
  }

  async function readBody(request: http.IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) throw new HttpFailure(413, 'body too large');
      chunks.push(chunk as Buffer);
    }
    if (size === 0) return {};
    try {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      throw new HttpFailure(400, 'body is not JSON');
    }
  }

  async function route(method: string, url: URL, request: http.IncomingMessage): Promise<unknown> {
    const parts = url.pathname.split('/').filter(Boolean);
    const key = (name: string) => {
      stats[`${method} ${name}`] = (stats[`${method} ${name}`] ?? 0) + 1;
    };
    if (
      method === 'GET' &&
      parts[0] === 'v1' &&
      parts[1] === 'contracts' &&
      parts[3] === 'events' &&
      parts.length === 4
    ) {
      key('/v1/contracts/events');
      return contractEvents(parts[2]!, url.searchParams);
    }
    if (
      method === 'GET' &&
      parts[0] === 'v1' &&
      parts[1] === 'accounts' &&
      parts[3] === 'transactions' &&
      parts[4] === 'trc20'
    ) {
      key('/v1/accounts/transactions/trc20');
      return accountTransfers(parts[2]!, url.searchParams);
    }
    if (method === 'GET' && parts[0] === 'v1' && parts[1] === 'transactions' && parts[3] === 'events') {
      key('/v1/transactions/events');
      return transactionEvents(parts[2]!, url.searchParams);
    }
    if (method === 'POST') {
      const body = await readBody(request);
      key(url.pathname);
      switch (url.pathname) {
        case '/wallet/triggersmartcontract':
          return triggerSmartContract(body);
        case '/wallet/broadcasttransaction': {
          if (faults.failBroadcasts > 0) {
            faults.failBroadcasts -= 1;
            throw new HttpFailure(503, 'node busy');
          }
          if (faults.dropBroadcasts > 0) {
            faults.dropBroadcasts -= 1;
            return { result: true, txid: typeof body.txID === 'string' ? body.txID : '' };
          }
          const answer = broadcast(body);
          if (faults.acceptThenFail > 0 && answer.result === true) {
            faults.acceptThenFail -= 1;
            throw new HttpFailure(503, 'connection reset');
          }
          return answer;
        }
        case '/walletsolidity/gettransactioninfobyid':
          return transactionInfo(body);
        case '/walletsolidity/getnowblock':
          return solidBlock();
        case '/sim/deposit':
          return adminDeposit(body);
        case '/sim/confirm':
          if (typeof body.txid !== 'string') throw new HttpFailure(400, 'txid required');
          confirm(body.txid);
          return { ok: true };
      }
    }
    if (method === 'GET' && url.pathname === '/sim/state') {
      return {
        contract,
        block_number: state.blockNumber,
        balances: state.balances,
        transfers: state.transfers.length,
      };
    }
    throw new HttpFailure(404, `no such endpoint: ${method} ${url.pathname}`);
  }

  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://simulator.local');
    if (faults.unavailable && !url.pathname.startsWith('/sim/')) {
      send(503, { Error: 'service unavailable' });
      return;
    }
    route(request.method ?? 'GET', url, request).then(
      (body) => send(200, body),
      (error: unknown) => {
        if (error instanceof HttpFailure) send(error.status, { Error: error.message });
        else send(500, { Error: (error as Error).message });
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return {
    url: `http://${host}:${port}`,
    port,
    contract,
    faults,
    stats,
    deposit: (input) => deposit(input),
    confirm,
    balanceOf: balance,
    transactions: () => Object.values(state.transactions),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
