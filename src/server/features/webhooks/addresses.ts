// Where a webhook may point (decision 063): https (http too when private addresses are allowed), no
// user name or password in it, and a host that resolves only to public addresses: never loopback,
// private, link-local (the cloud metadata service at 169.254.169.254 is one), carrier-grade NAT,
// multicast or reserved, checked at registration and again before each delivery, and the delivery
// connects to the address that was checked (a name re-pointed in between cannot slip through).
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { integrationMessages as m } from '../../../shared/integrations.ts';

const blocked = new BlockList();
for (const [net, prefix] of [
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
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** A loopback, private, link-local, metadata or otherwise non-public address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // ::ffff:10.0.0.1 and ::10.0.0.1 are IPv4 addresses written as IPv6.
  const mapped = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export type Target = { url: URL; address: string; family: 4 | 6 };

export class AddressRefused extends Error {}

/** The URL as a webhook may have it, or the reason it may not. */
export function checkUrl(raw: string, allowPrivate: boolean): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return m.webhookUrl;
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return m.webhookHttps;
  if (url.username || url.password) return m.webhookCredentials;
  return url;
}

/**
 * Resolves the URL's host and checks every address it names; answers the first to connect to. Throws
 * AddressRefused (with the reason people read) for a name that does not resolve or any private address.
 */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<Target> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new AddressRefused(m.unresolvable);
    }
  }
  if (addresses.length === 0) throw new AddressRefused(m.unresolvable);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) throw new AddressRefused(m.privateAddress);
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
