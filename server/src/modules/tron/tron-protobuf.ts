/** Use case: the protobuf of a TRC20 transfer, decoded so the signer sees what it signs. */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * The few protobuf messages of java-tron's protocol a TRC20 transfer needs (Tron.proto Transaction.raw,
 * Transaction.Contract, google.protobuf.Any, TriggerSmartContract). Decoding lets the signer see exactly
 * what raw_data_hex commits to before it signs; encoding serves the chain simulator.
 */

/** ContractType.TriggerSmartContract in Tron.proto. */
export const TRIGGER_SMART_CONTRACT_TYPE = 31;
export const TRIGGER_SMART_CONTRACT_TYPE_URL = 'type.googleapis.com/protocol.TriggerSmartContract';

export interface TriggerSmartContract {
  ownerAddress: Uint8Array;
  contractAddress: Uint8Array;
  callValue: bigint;
  data: Uint8Array;
  callTokenValue: bigint;
  tokenId: bigint;
}

export interface TransactionContract {
  type: number;
  typeUrl: string;
  /** Decoded only for TriggerSmartContract; null for any other contract type. */
  trigger: TriggerSmartContract | null;
  permissionId: number;
}

export interface TransactionRaw {
  refBlockBytes: Uint8Array;
  refBlockNum: bigint;
  refBlockHash: Uint8Array;
  expiration: bigint;
  timestamp: bigint;
  feeLimit: bigint;
  data: Uint8Array;
  contracts: TransactionContract[];
  /** Fields this decoder does not model (auths, scripts, unknown numbers): a transfer we build has none. */
  unknownFields: number[];
}

/** raw_data_hex that is not a valid protobuf message of the expected shape. */
export class ProtobufError extends Error {}

type Field = { number: number; wire: 0; value: bigint } | { number: number; wire: 2; value: Uint8Array };

function readVarint(bytes: Uint8Array, start: number): { value: bigint; next: number } {
  let result = 0n;
  let shift = 0n;
  for (let i = start; i < bytes.length && i < start + 10; i++) {
    const byte = bytes[i]!;
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return { value: result, next: i + 1 };
    shift += 7n;
  }
  throw new ProtobufError('truncated or oversized varint');
}

function readFields(bytes: Uint8Array): Field[] {
  const fields: Field[] = [];
  let at = 0;
  while (at < bytes.length) {
    const key = readVarint(bytes, at);
    at = key.next;
    const number = Number(key.value >> 3n);
    const wire = Number(key.value & 7n);
    if (number < 1) throw new ProtobufError('field number 0');
    if (wire === 0) {
      const value = readVarint(bytes, at);
      at = value.next;
      fields.push({ number, wire: 0, value: value.value });
    } else if (wire === 2) {
      const length = readVarint(bytes, at);
      at = length.next;
      const end = at + Number(length.value);
      if (length.value > BigInt(bytes.length) || end > bytes.length)
        throw new ProtobufError('truncated field');
      fields.push({ number, wire: 2, value: bytes.subarray(at, end) });
      at = end;
    } else {
      throw new ProtobufError(`unsupported wire type ${wire}`);
    }
  }
  return fields;
}

function varintOf(fields: Field[], number: number): bigint {
  const field = fields.findLast((f) => f.number === number);
  if (!field) return 0n;
  if (field.wire !== 0) throw new ProtobufError(`field ${number} should be a varint`);
  return field.value;
}

function bytesOf(fields: Field[], number: number): Uint8Array {
  const field = fields.findLast((f) => f.number === number);
  if (!field) return new Uint8Array(0);
  if (field.wire !== 2) throw new ProtobufError(`field ${number} should be length-delimited`);
  return field.value;
}

function decodeTrigger(bytes: Uint8Array): TriggerSmartContract {
  const fields = readFields(bytes);
  return {
    ownerAddress: bytesOf(fields, 1),
    contractAddress: bytesOf(fields, 2),
    callValue: varintOf(fields, 3),
    data: bytesOf(fields, 4),
    callTokenValue: varintOf(fields, 5),
    tokenId: varintOf(fields, 6),
  };
}

function decodeContract(bytes: Uint8Array): TransactionContract {
  const fields = readFields(bytes);
  const type = Number(varintOf(fields, 1));
  const any = readFields(bytesOf(fields, 2));
  const typeUrl = new TextDecoder().decode(bytesOf(any, 1));
  const trigger = type === TRIGGER_SMART_CONTRACT_TYPE ? decodeTrigger(bytesOf(any, 2)) : null;
  return { type, typeUrl, trigger, permissionId: Number(varintOf(fields, 5)) };
}

const KNOWN_RAW_FIELDS = new Set([1, 3, 4, 8, 10, 11, 14, 18]);

/** Decodes Transaction.raw from raw_data_hex. */
export function decodeTransactionRaw(rawDataHex: string): TransactionRaw {
  if (!/^([0-9a-fA-F]{2})+$/.test(rawDataHex)) throw new ProtobufError('raw_data_hex is not hex');
  const fields = readFields(hexToBytes(rawDataHex.toLowerCase()));
  return {
    refBlockBytes: bytesOf(fields, 1),
    refBlockNum: varintOf(fields, 3),
    refBlockHash: bytesOf(fields, 4),
    expiration: varintOf(fields, 8),
    data: bytesOf(fields, 10),
    contracts: fields
      .filter((f) => f.number === 11 && f.wire === 2)
      .map((f) => decodeContract(f.value as Uint8Array)),
    timestamp: varintOf(fields, 14),
    feeLimit: varintOf(fields, 18),
    unknownFields: [...new Set(fields.map((f) => f.number).filter((n) => !KNOWN_RAW_FIELDS.has(n)))],
  };
}

function encodeVarint(value: bigint): number[] {
  if (value < 0n) throw new ProtobufError('negative varint');
  const out: number[] = [];
  let rest = value;
  do {
    let byte = Number(rest & 0x7fn);
    rest >>= 7n;
    if (rest > 0n) byte |= 0x80;
    out.push(byte);
  } while (rest > 0n);
  return out;
}

function varintField(number: number, value: bigint): number[] {
  return value === 0n ? [] : [...encodeVarint(BigInt(number << 3)), ...encodeVarint(value)];
}

function bytesField(number: number, value: Uint8Array): number[] {
  if (value.length === 0) return [];
  return [...encodeVarint(BigInt((number << 3) | 2)), ...encodeVarint(BigInt(value.length)), ...value];
}

/** Encodes a Transaction.raw holding one TriggerSmartContract (what /wallet/triggersmartcontract returns). */
export function encodeTriggerTransactionRaw(raw: {
  refBlockBytes: Uint8Array;
  refBlockHash: Uint8Array;
  expiration: bigint;
  timestamp: bigint;
  feeLimit: bigint;
  trigger: TriggerSmartContract;
}): string {
  const trigger = new Uint8Array([
    ...bytesField(1, raw.trigger.ownerAddress),
    ...bytesField(2, raw.trigger.contractAddress),
    ...varintField(3, raw.trigger.callValue),
    ...bytesField(4, raw.trigger.data),
    ...varintField(5, raw.trigger.callTokenValue),
    ...varintField(6, raw.trigger.tokenId),
  ]);
  const any = new Uint8Array([
    ...bytesField(1, new TextEncoder().encode(TRIGGER_SMART_CONTRACT_TYPE_URL)),
    ...bytesField(2, trigger),
  ]);
  const contract = new Uint8Array([
    ...varintField(1, BigInt(TRIGGER_SMART_CONTRACT_TYPE)),
    ...bytesField(2, any),
  ]);
  return bytesToHex(
    new Uint8Array([
      ...bytesField(1, raw.refBlockBytes),
      ...bytesField(4, raw.refBlockHash),
      ...varintField(8, raw.expiration),
      ...bytesField(11, contract),
      ...varintField(14, raw.timestamp),
      ...varintField(18, raw.feeLimit),
    ]),
  );
}
