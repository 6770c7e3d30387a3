/** Use case: a withdrawal's TRC20 transfer, checked against what we asked for, then signed. */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { equalBytes } from '@noble/curves/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import {
  decodeTronAddress,
  encodeTronAddress,
  TRON_ADDRESS_PREFIX,
  tronAddressFromPrivateKey,
  tronAddressFromPublicKey,
} from './tron-address.ts';
import {
  decodeTransactionRaw,
  TRIGGER_SMART_CONTRACT_TYPE,
  TRIGGER_SMART_CONTRACT_TYPE_URL,
} from './tron-protobuf.ts';

/** The TRC20 function a withdrawal calls, and its 4-byte selector (keccak256 of the signature). */
export const TRC20_TRANSFER_FUNCTION = 'transfer(address,uint256)';
export const TRC20_TRANSFER_SELECTOR = 'a9059cbb';
const UINT256_MAX = (1n << 256n) - 1n;
/** java-tron refuses an expiration more than 24 h ahead; anything beyond is not something we asked for. */
const MAX_EXPIRATION_AHEAD_MS = 24 * 3_600_000;

/** A transaction as /wallet/triggersmartcontract returns it and /wallet/broadcasttransaction takes it. */
export interface TronTransaction {
  txID: string;
  raw_data_hex: string;
  raw_data?: unknown;
  visible?: boolean;
  signature?: string[];
}

/** The signer refused a transaction; nothing was signed. */
export class TransactionCheckError extends Error {}

/** ABI-encodes the arguments of transfer(address,uint256): two 32-byte words, the address without 0x41. */
export function encodeTransferParameter(to: string, amount: bigint): string {
  if (amount <= 0n || amount > UINT256_MAX) throw new RangeError('transfer amount out of range');
  const account = bytesToHex(decodeTronAddress(to).subarray(1));
  return account.padStart(64, '0') + amount.toString(16).padStart(64, '0');
}

/** Decodes transfer(address,uint256) call data (selector included); null when it is anything else. */
export function decodeTransferCallData(data: Uint8Array): { to: string; amount: bigint } | null {
  if (data.length !== 4 + 64) return null;
  if (bytesToHex(data.subarray(0, 4)) !== TRC20_TRANSFER_SELECTOR) return null;
  const addressWord = data.subarray(4, 36);
  if (addressWord.subarray(0, 12).some((byte) => byte !== 0)) return null;
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_ADDRESS_PREFIX;
  bytes.set(addressWord.subarray(12), 1);
  const amount = BigInt(`0x${bytesToHex(data.subarray(36, 68))}`);
  return { to: encodeTronAddress(bytes), amount };
}

/** The transaction id: SHA-256 of the raw transaction bytes, hex. */
export function transactionIdOf(rawDataHex: string): string {
  return bytesToHex(sha256(hexToBytes(rawDataHex.toLowerCase())));
}

/** What a withdrawal's transaction must do, checked against raw_data_hex before signing. */
export interface ExpectedTransfer {
  owner: string;
  contract: string;
  to: string;
  amount: bigint;
  maxFeeLimit: bigint;
  now: Date;
}

/**
 * Refuses (TransactionCheckError) unless txID is the SHA-256 of raw_data_hex and raw_data_hex encodes exactly
 * one TRC20 transfer(to, amount) from owner on contract, with no TRX attached, a fee limit within ours and
 * a live expiration. A node that answers with anything else (broken or hostile) gets nothing signed.
 * Returns the expiration (ms) the transaction carries.
 */
export function checkTransferTransaction(
  tx: TronTransaction,
  expected: ExpectedTransfer,
): { expiration: number } {
  if (typeof tx.txID !== 'string' || !/^[0-9a-fA-F]{64}$/.test(tx.txID)) {
    throw new TransactionCheckError('txID is not 32 bytes of hex');
  }
  if (typeof tx.raw_data_hex !== 'string' || tx.raw_data_hex.length === 0) {
    throw new TransactionCheckError('raw_data_hex is missing');
  }
  if (transactionIdOf(tx.raw_data_hex) !== tx.txID.toLowerCase()) {
    throw new TransactionCheckError('txID is not the SHA-256 of raw_data_hex');
  }
  let raw: ReturnType<typeof decodeTransactionRaw>;
  try {
    raw = decodeTransactionRaw(tx.raw_data_hex);
  } catch (error) {
    throw new TransactionCheckError(`raw_data_hex does not decode: ${(error as Error).message}`);
  }
  if (raw.unknownFields.length > 0) {
    throw new TransactionCheckError(`raw_data_hex carries unexpected fields ${raw.unknownFields.join(',')}`);
  }
  if (raw.contracts.length !== 1) throw new TransactionCheckError('expected exactly one contract');
  const contract = raw.contracts[0]!;
  const trigger = contract.trigger;
  if (
    contract.type !== TRIGGER_SMART_CONTRACT_TYPE ||
    contract.typeUrl !== TRIGGER_SMART_CONTRACT_TYPE_URL ||
    !trigger
  ) {
    throw new TransactionCheckError('the contract is not a TriggerSmartContract');
  }
  if (contract.permissionId !== 0) throw new TransactionCheckError('unexpected permission id');
  if (!equalBytes(trigger.ownerAddress, decodeTronAddress(expected.owner))) {
    throw new TransactionCheckError('owner_address is not the hot wallet');
  }
  if (!equalBytes(trigger.contractAddress, decodeTronAddress(expected.contract))) {
    throw new TransactionCheckError('contract_address is not the USDT contract');
  }
  if (trigger.callValue !== 0n || trigger.callTokenValue !== 0n || trigger.tokenId !== 0n) {
    throw new TransactionCheckError('the transaction would send TRX or a TRC10 token');
  }
  const call = decodeTransferCallData(trigger.data);
  if (!call || call.to !== expected.to || call.amount !== expected.amount) {
    throw new TransactionCheckError('the call data is not transfer(to, amount) of this withdrawal');
  }
  if (raw.feeLimit <= 0n || raw.feeLimit > expected.maxFeeLimit) {
    throw new TransactionCheckError(`fee_limit ${raw.feeLimit} is outside 1..${expected.maxFeeLimit}`);
  }
  const expiration = Number(raw.expiration);
  const now = expected.now.getTime();
  if (expiration <= now || expiration > now + MAX_EXPIRATION_AHEAD_MS) {
    throw new TransactionCheckError('the expiration is in the past or too far ahead');
  }
  return { expiration };
}

/**
 * Signs a transaction's txID with secp256k1 after checking txID = SHA-256(raw_data_hex). The signature is
 * 65 bytes r ‖ s ‖ v (v = recovery id + 27, as TronWeb writes it), hex.
 */
export function signTransaction(
  tx: TronTransaction,
  privateKey: Uint8Array,
): TronTransaction & { signature: string[] } {
  if (transactionIdOf(tx.raw_data_hex) !== tx.txID.toLowerCase()) {
    throw new TransactionCheckError('txID is not the SHA-256 of raw_data_hex');
  }
  const recovered = secp256k1.sign(hexToBytes(tx.txID.toLowerCase()), privateKey, {
    prehash: false,
    format: 'recovered',
  });
  const signature = new Uint8Array(65);
  signature.set(recovered.subarray(1), 0);
  signature[64] = recovered[0]! + 27;
  const signed = { ...tx, signature: [bytesToHex(signature)] };
  if (recoverSigner(signed.txID, signed.signature[0]!) !== tronAddressFromPrivateKey(privateKey)) {
    throw new TransactionCheckError('the signature does not recover the signing key');
  }
  return signed;
}

/** The address that produced a 65-byte r ‖ s ‖ v signature over txID; throws when it does not parse. */
export function recoverSigner(txId: string, signatureHex: string): string {
  if (!/^[0-9a-fA-F]{130}$/.test(signatureHex)) throw new TransactionCheckError('signature is not 65 bytes');
  const bytes = hexToBytes(signatureHex.toLowerCase());
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery > 3) throw new TransactionCheckError('bad recovery id');
  const recoverable = new Uint8Array(65);
  recoverable[0] = recovery;
  recoverable.set(bytes.subarray(0, 64), 1);
  const publicKey = secp256k1.recoverPublicKey(recoverable, hexToBytes(txId.toLowerCase()), {
    prehash: false,
  });
  return tronAddressFromPublicKey(publicKey);
}
