/** Use case: which webhook URLs are allowed (no private or internal address). */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go. In production a merchant's URL must not reach into our own network (the server
 * would POST wherever it is told: a request forgery against internal services). Tests and local development
 * deliver to 127.0.0.1, so the rule applies only when NODE_ENV is production (see privateWebhooksAllowed).
 */

/** Addresses that are not the public internet: loopback, private, link-local, shared, reserved, multicast. */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Host names that resolve inside a network by convention. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/;

/** True for an IP address (IPv4-mapped IPv6 included) outside the public internet. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** True for a URL host (as URL.hostname gives it) that names our own network by itself, without DNS. */
export function isInternalHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isIP(host)) return isInternalAddress(host);
  return host === '' || !host.includes('.') || INTERNAL_NAME.test(host);
}

/**
 * Why a webhook URL is refused when saved (the merchant's URL, an order's callback_url), or null. The shared
 * contract already checked http(s) and the length; here the rule against hosts that are internal by
 * themselves (names are resolved, and their addresses vetted, at each attempt: vetDestination).
 */
export function webhookUrlRefusal(url: string, production: boolean): 'internal' | null {
  if (!production) return null;
  return isInternalHost(new URL(url).hostname) ? 'internal' : null;
}

/** One address a host name resolved to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (injected in tests: a name that changes its answer). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo, as fetch and node:http would use): every address, in its order. */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** Where an attempt may connect, or why it may not. */
export type Destination =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; outcome: 'refused_address' | 'dns_failed'; error: string };

/**
 * Resolves a URL's host once and vets every address it gave: this answer is the one the request then connects
 * to (webhook-post.ts pins it), so a name that answers a public address here and a private one a moment later
 * (DNS rebinding) never reaches the private one. A lookup that fails, or answers nothing, refuses the attempt:
 * nothing is sent to an address that was not checked. With private targets not allowed, a name that is
 * internal by itself or any internal address among the answers refuses it too (a mixed answer could be
 * connected to in any order).
 */
export async function vetDestination(
  url: string,
  options: { allowPrivate: boolean; resolve: Resolver },
): Promise<Destination> {
  const { hostname } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  const refused = (address: string): Destination => ({
    ok: false,
    outcome: 'refused_address',
    error: `Адрес во внутренней сети: ${address}`,
  });
  if (!options.allowPrivate && isInternalHost(hostname)) return refused(host);
  const family = isIP(host);
  if (family !== 0) return { ok: true, addresses: [{ address: host, family: family === 6 ? 6 : 4 }] };
  let addresses: ResolvedAddress[];
  try {
    addresses = await options.resolve(host);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message ?? String(error);
    return { ok: false, outcome: 'dns_failed', error: `DNS: ${code} ${host}`.slice(0, 500) };
  }
  if (addresses.length === 0) return { ok: false, outcome: 'dns_failed', error: `DNS: нет адресов ${host}` };
  if (!options.allowPrivate) {
    const internal = addresses.find((entry) => isInternalAddress(entry.address));
    if (internal) return refused(`${host} → ${internal.address}`);
  }
  return { ok: true, addresses };
}

/**
 * Whether webhooks may reach loopback and private addresses. In production only when
 * WEBHOOK_ALLOW_PRIVATE_URLS=true says so explicitly (nothing else turns the rule off: a loopback PUBLIC_URL
 * used to, and a deployment that kept compose's localhost default was left open); outside production yes,
 * unless WEBHOOK_ALLOW_PRIVATE_URLS=false (tests and local runs deliver to 127.0.0.1).
 */
export function privateWebhooksAllowed(config: {
  NODE_ENV: string;
  WEBHOOK_ALLOW_PRIVATE_URLS?: boolean;
}): boolean {
  return config.WEBHOOK_ALLOW_PRIVATE_URLS ?? config.NODE_ENV !== 'production';
}
