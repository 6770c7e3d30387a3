/** Use case: the TronGrid-compatible HTTP API the scanner and sender call. */
import { z } from 'zod';
import { normalizeTronAddress } from './tron-address.ts';
import {
  encodeTransferParameter,
  TRC20_TRANSFER_FUNCTION,
  type TronTransaction,
} from './tron-transaction.ts';

/** TronGrid did not answer, answered an error status, or answered something we cannot read. */
export class TronGridError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TronGridError';
  }
}

/** One TRC20 Transfer event, addresses normalised to base58 (null when unreadable). */
export interface TransferEvent {
  txid: string;
  eventIndex: number;
  blockNumber: number;
  blockTimestamp: number;
  eventName: string;
  contract: string | null;
  from: string | null;
  to: string | null;
  /** Integer token units (micro-USDT for USDT); null when not a non-negative integer. */
  value: bigint | null;
  confirmed: boolean;
}

/** One entry of the account TRC20 history (no event index: resolve it through transactionEvents). */
export interface AccountTransfer {
  txid: string;
  blockTimestamp: number;
  type: string;
  contract: string | null;
  from: string | null;
  to: string | null;
  value: bigint | null;
}

/** gettransactioninfobyid, reduced to what confirmation needs. null = the node does not know the txid. */
export interface TransactionInfo {
  id: string;
  blockNumber: number;
  blockTimestamp: number;
  /** 'SUCCESS' when the contract call succeeded; REVERT, OUT_OF_ENERGY… otherwise. */
  receiptResult: string | null;
  failed: boolean;
  message: string | null;
}

/** The node's answer to a broadcast: accepted, or refused with a code (e.g. DUP_TRANSACTION_ERROR). */
export interface BroadcastResult {
  accepted: boolean;
  code: string | null;
  message: string | null;
}

/** One page of a v1 list endpoint. */
export interface Page<T> {
  items: T[];
  /** Pass back to read the next page; null on the last page. */
  fingerprint: string | null;
}

const eventSchema = z.looseObject({
  transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  event_index: z.number().int().min(0),
  block_number: z.number().int().min(0),
  block_timestamp: z.number().int().min(0),
  event_name: z.string(),
  contract_address: z.string(),
  result: z.record(z.string(), z.unknown()),
  _unconfirmed: z.boolean().optional(),
});
const metaSchema = z.looseObject({ fingerprint: z.string().optional() }).optional();
const eventsResponse = z.looseObject({ data: z.array(z.unknown()), meta: metaSchema });
const accountTransferSchema = z.looseObject({
  transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  token_info: z.looseObject({ address: z.string(), decimals: z.number().int().optional() }),
  block_timestamp: z.number().int().min(0),
  from: z.string(),
  to: z.string(),
  type: z.string(),
  value: z.union([z.string(), z.number()]),
});
const triggerResponse = z.looseObject({
  result: z.looseObject({
    result: z.boolean().optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
  transaction: z
    .looseObject({ txID: z.string(), raw_data_hex: z.string(), raw_data: z.unknown().optional() })
    .optional(),
});
const broadcastResponse = z.looseObject({
  result: z.boolean().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
const infoResponse = z.looseObject({
  id: z.string().optional(),
  blockNumber: z.number().optional(),
  blockTimeStamp: z.number().optional(),
  result: z.string().optional(),
  resMessage: z.string().optional(),
  receipt: z.looseObject({ result: z.string().optional() }).optional(),
});
const blockResponse = z.looseObject({
  block_header: z.looseObject({
    raw_data: z.looseObject({ number: z.number().int().optional(), timestamp: z.number().int() }),
  }),
});

/** Integer amount from the API: a decimal string or a safe integer number; null otherwise. */
function parseUnits(value: unknown): bigint | null {
  if (typeof value === 'string' && /^\d{1,78}$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}

/** java-tron hex-encodes its error messages; show them as text. */
function decodeNodeMessage(message: string | undefined): string | null {
  if (!message) return null;
  if (/^([0-9a-fA-F]{2})+$/.test(message)) {
    return Buffer.from(message, 'hex')
      .toString('utf8')
      .replace(/[^\x20-\x7e]/g, '');
  }
  return message;
}

function toTransferEvent(raw: unknown): TransferEvent | null {
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) return null;
  const event = parsed.data;
  return {
    txid: event.transaction_id.toLowerCase(),
    eventIndex: event.event_index,
    blockNumber: event.block_number,
    blockTimestamp: event.block_timestamp,
    eventName: event.event_name,
    contract: normalizeTronAddress(event.contract_address),
    from: normalizeTronAddress(event.result.from),
    to: normalizeTronAddress(event.result.to),
    value: parseUnits(event.result.value),
    confirmed: event._unconfirmed !== true,
  };
}

/** The TronGrid calls the deposit watcher, the address scan and the withdrawal sender make. */
export interface TronGridClient {
  /** Confirmed Transfer events of a contract since a block time, oldest first, one page. */
  contractTransferEvents(input: {
    contract: string;
    minBlockTimestamp: number;
    fingerprint?: string | null;
    limit?: number;
  }): Promise<Page<TransferEvent | null>>;
  /** Confirmed incoming TRC20 transfers of one address for one contract, newest first, one page. */
  accountTransfers(input: {
    address: string;
    contract: string;
    minTimestamp: number;
    fingerprint?: string | null;
    limit?: number;
  }): Promise<Page<AccountTransfer | null>>;
  /** Confirmed events of one transaction (with their event indexes). */
  transactionEvents(txid: string): Promise<(TransferEvent | null)[]>;
  /** Builds (does not sign) a TRC20 transfer through /wallet/triggersmartcontract. */
  buildTransfer(input: {
    owner: string;
    contract: string;
    to: string;
    amount: bigint;
    feeLimit: bigint;
  }): Promise<TronTransaction>;
  broadcast(tx: TronTransaction & { signature: string[] }): Promise<BroadcastResult>;
  /** Solidified (irreversible) transaction info; null when the solidity node does not know it. */
  transactionInfo(txid: string): Promise<TransactionInfo | null>;
  /** The newest solidified block. */
  solidBlock(): Promise<{ number: number; timestamp: number }>;
}

/**
 * A small typed client of TronGrid's HTTP API (the v1 REST endpoints and the full/solidity node's
 * /wallet and /walletsolidity calls). Global fetch, a timeout per call, TRON-PRO-API-KEY when configured.
 * Every answer is checked against its shape: a node is an outside party.
 */
export function createTronGridClient(options: {
  url: string;
  apiKey?: string;
  timeoutMs?: number;
}): TronGridClient {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    init: { query?: Record<string, string>; body?: unknown } = {},
  ) {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (options.apiKey) headers['TRON-PRO-API-KEY'] = options.apiKey;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new TronGridError(`${method} ${path}: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      throw new TronGridError(
        `${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`,
        response.status,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new TronGridError(`${method} ${path}: the answer is not JSON`, response.status);
    }
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new TronGridError(`${what}: unexpected answer (${parsed.error.issues[0]?.message})`);
    return parsed.data;
  }

  return {
    async contractTransferEvents({ contract, minBlockTimestamp, fingerprint, limit = 200 }) {
      const query: Record<string, string> = {
        event_name: 'Transfer',
        only_confirmed: 'true',
        min_block_timestamp: String(minBlockTimestamp),
        order_by: 'block_timestamp,asc',
        limit: String(limit),
      };
      if (fingerprint) query.fingerprint = fingerprint;
      const body = parse(
        eventsResponse,
        await call('GET', `/v1/contracts/${contract}/events`, { query }),
        'events',
      );
      return { items: body.data.map(toTransferEvent), fingerprint: body.meta?.fingerprint || null };
    },

    async accountTransfers({ address, contract, minTimestamp, fingerprint, limit = 200 }) {
      const query: Record<string, string> = {
        only_confirmed: 'true',
        only_to: 'true',
        contract_address: contract,
        min_timestamp: String(minTimestamp),
        limit: String(limit),
      };
      if (fingerprint) query.fingerprint = fingerprint;
      const path = `/v1/accounts/${address}/transactions/trc20`;
      const body = parse(eventsResponse, await call('GET', path, { query }), 'account transfers');
      const items = body.data.map((raw): AccountTransfer | null => {
        const parsed = accountTransferSchema.safeParse(raw);
        if (!parsed.success) return null;
        const entry = parsed.data;
        return {
          txid: entry.transaction_id.toLowerCase(),
          blockTimestamp: entry.block_timestamp,
          type: entry.type,
          contract: normalizeTronAddress(entry.token_info.address),
          from: normalizeTronAddress(entry.from),
          to: normalizeTronAddress(entry.to),
          value: parseUnits(entry.value),
        };
      });
      return { items, fingerprint: body.meta?.fingerprint || null };
    },

    async transactionEvents(txid) {
      const path = `/v1/transactions/${txid}/events`;
      const body = parse(
        eventsResponse,
        await call('GET', path, { query: { only_confirmed: 'true' } }),
        'events',
      );
      return body.data.map(toTransferEvent);
    },

    async buildTransfer({ owner, contract, to, amount, feeLimit }) {
      const answer = await call('POST', '/wallet/triggersmartcontract', {
        body: {
          owner_address: owner,
          contract_address: contract,
          function_selector: TRC20_TRANSFER_FUNCTION,
          parameter: encodeTransferParameter(to, amount),
          fee_limit: Number(feeLimit),
          call_value: 0,
          visible: true,
        },
      });
      const body = parse(triggerResponse, answer, 'triggersmartcontract');
      if (body.result.result !== true || !body.transaction) {
        const reason = decodeNodeMessage(body.result.message) ?? body.result.code ?? 'no transaction';
        throw new TronGridError(`triggersmartcontract refused: ${reason}`);
      }
      return { ...body.transaction, visible: true } as TronTransaction;
    },

    async broadcast(tx) {
      const body = parse(
        broadcastResponse,
        await call('POST', '/wallet/broadcasttransaction', { body: tx }),
        'broadcast',
      );
      return {
        accepted: body.result === true,
        code: body.code ?? null,
        message: decodeNodeMessage(body.message),
      };
    },

    async transactionInfo(txid) {
      const answer = await call('POST', '/walletsolidity/gettransactioninfobyid', { body: { value: txid } });
      const body = parse(infoResponse, answer, 'gettransactioninfobyid');
      if (!body.id) return null;
      if (body.id.toLowerCase() !== txid.toLowerCase()) {
        throw new TronGridError('gettransactioninfobyid answered about another transaction');
      }
      return {
        id: body.id.toLowerCase(),
        blockNumber: body.blockNumber ?? 0,
        blockTimestamp: body.blockTimeStamp ?? 0,
        receiptResult: body.receipt?.result ?? null,
        failed: body.result === 'FAILED',
        message: decodeNodeMessage(body.resMessage),
      };
    },

    async solidBlock() {
      const body = parse(
        blockResponse,
        await call('POST', '/walletsolidity/getnowblock', { body: {} }),
        'getnowblock',
      );
      return {
        number: body.block_header.raw_data.number ?? 0,
        timestamp: body.block_header.raw_data.timestamp,
      };
    },
  };
}
