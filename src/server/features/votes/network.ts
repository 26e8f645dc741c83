import crypto from 'node:crypto';
import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The network an address belongs to, the unit of the vote-ring defence: the IPv4 /24 or the IPv6 /48, an IPv4-mapped
 * IPv6 address (::ffff:a.b.c.d, as a dual-stack socket reports IPv4 clients) counting as its IPv4 address. Null when
 * the network says nothing about the voter: loopback or unspecified (a reverse proxy without TRUST_PROXY makes every
 * client look like 127.0.0.1, and lumping everyone together would cap every deal at a few votes) or not an address.
 */
export function networkOf(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const address = ip.trim().replace(/%.*$/, '');
  if (net.isIPv4(address)) {
    const [a, b, c] = address.split('.').map(Number);
    if (a === 127 || a === 0) return null;
    return `${a}.${b}.${c}.0/24`;
  }
  const g = ipv6Groups(address);
  if (!g) return null;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return networkOf(`${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`);
  }
  if (g.slice(0, 7).every((x) => x === 0) && (g[7] === 0 || g[7] === 1)) return null; // :: and ::1
  return `${g
    .slice(0, 3)
    .map((x) => x.toString(16))
    .join(':')}::/48`;
}

/**
 * HMAC-SHA256 of the voter's network under a server secret (VOTE_NETWORK_SECRET): votes from one network can be
 * counted and grouped, while the stored value reveals neither the address nor, without the key, the network.
 */
export function networkHash(secret: string, ip: string | undefined | null): string | null {
  const network = networkOf(ip);
  return network === null ? null : crypto.createHmac('sha256', secret).update(network).digest('hex');
}
