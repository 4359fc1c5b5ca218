// SSRF guard of webhook addresses (docs/webhooks.md, "Addresses"). A webhook URL is typed by a
// workspace's owner and fetched by the worker from inside the deployment's network, so an address
// that reaches the inside (loopback, private ranges, link-local and the cloud metadata service,
// CGNAT, multicast, reserved) is refused — unless an administrator allows private addresses
// (admin setting webhooks_allow_private_addresses). Checked when the subscription is created AND
// at each delivery: the worker resolves the name once, checks every address, and connects to the
// address it checked (the `lookup` of the request), so a name re-pointed after the check (DNS
// rebinding) cannot slip through.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { WebhookUrlRefusal } from '@pauta/core';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (also Alibaba's metadata, 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and IPv4-compatible (::a.b.c.d)
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses, private ones included
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

const MAPPED_V4 = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_V4_HEX = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1, ::ffff:7f00:1) as the IPv4 address it maps. */
function unmapped(address: string): string {
  const dotted = MAPPED_V4.exec(address);
  if (dotted) return dotted[1]!;
  const hex = MAPPED_V4_HEX.exec(address);
  if (hex) {
    const high = Number.parseInt(hex[1]!, 16);
    const low = Number.parseInt(hex[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return address;
}

/** True for an address inside the deployment (private, loopback, link-local, metadata, …) or not an IP. */
export function isPrivateAddress(address: string): boolean {
  const ip = unmapped(address.replace(/^\[|\]$/g, '').split('%')[0]!);
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) return blocked.check(ip, 'ipv6');
  return true;
}

export class WebhookUrlError extends Error {
  override name = 'WebhookUrlError';
  constructor(readonly reason: WebhookUrlRefusal) {
    super(reason);
  }
}

/** The checks that need no network: a parsable http(s) URL without credentials. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebhookUrlError('INVALID_URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookUrlError('SCHEME');
  if (url.username || url.password) throw new WebhookUrlError('CREDENTIALS');
  if (!url.hostname) throw new WebhookUrlError('INVALID_URL');
  return url;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The addresses the URL's host stands for, every one checked: a literal IP as is, a name resolved
 * once. Throws WebhookUrlError (PRIVATE_ADDRESS, UNRESOLVABLE) unless `allowPrivate`.
 */
export async function resolveWebhookHost(
  url: URL,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<{ address: string; family: number }[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  let addresses: { address: string; family: number }[];
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw new WebhookUrlError('UNRESOLVABLE');
    }
    if (addresses.length === 0) throw new WebhookUrlError('UNRESOLVABLE');
  }
  if (!options.allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
    throw new WebhookUrlError('PRIVATE_ADDRESS');
  return addresses;
}

/** Parses and checks a webhook URL (creation time); returns its normalized text. */
export async function checkWebhookUrl(
  raw: string,
  options: { allowPrivate: boolean; resolve?: Resolver },
): Promise<string> {
  const url = parseWebhookUrl(raw);
  await resolveWebhookHost(url, options);
  return url.toString();
}

/**
 * A `lookup` for http.request that answers only with the addresses checked before the request:
 * the connection goes to them, whatever the name resolves to by then.
 */
export function pinnedLookup(addresses: readonly { address: string; family: number }[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = typeof options === 'object' && options?.family ? options.family : 0;
    const usable = addresses.filter((a) => !wanted || a.family === wanted);
    const list = usable.length > 0 ? usable : addresses;
    if (typeof options === 'object' && options?.all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [...list]);
      return;
    }
    callback(null, list[0]!.address, list[0]!.family);
  };
}
