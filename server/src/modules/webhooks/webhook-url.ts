import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go. In production a merchant's URL must not reach into our own network (the server
 * would POST wherever it is told: a request forgery against internal services). Tests and local development
 * deliver to 127.0.0.1, so the rule applies only when NODE_ENV is production.
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
 * Why a webhook URL is refused when saved, or null. The shared contract already checked http(s) and the
 * length; here only the production rule against internal hosts.
 */
export function webhookUrlRefusal(url: string, production: boolean): 'internal' | null {
  if (!production) return null;
  return isInternalHost(new URL(url).hostname) ? 'internal' : null;
}

/**
 * At delivery time in production the name is resolved too: a public name may point at an internal address
 * (or be changed to, after it was saved). Resolution failures are left to fetch, which reports them itself.
 */
export async function resolvesInternally(url: string): Promise<boolean> {
  const { hostname } = new URL(url);
  if (isInternalHost(hostname)) return true;
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return false;
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.some((entry) => isInternalAddress(entry.address));
  } catch {
    return false;
  }
}

/**
 * Whether webhooks may reach loopback and private addresses: as WEBHOOK_ALLOW_PRIVATE_URLS says; unset, only
 * outside production or when the service itself is served from a loopback PUBLIC_URL (a local run, where
 * the merchant simulator listens on 127.0.0.1). A deployment with a public address keeps the rule.
 */
export function privateWebhooksAllowed(config: {
  NODE_ENV: string;
  PUBLIC_URL: string;
  WEBHOOK_ALLOW_PRIVATE_URLS?: boolean;
}): boolean {
  if (config.WEBHOOK_ALLOW_PRIVATE_URLS !== undefined) return config.WEBHOOK_ALLOW_PRIVATE_URLS;
  if (config.NODE_ENV !== 'production') return true;
  const host = new URL(config.PUBLIC_URL).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}
