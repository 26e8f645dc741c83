import net from 'node:net';

/**
 * Which IP addresses a server-side fetch of an untrusted URL may connect to: public unicast only.
 * Ranges come from the IANA IPv4/IPv6 special-purpose address registries (RFC 6890 and successors).
 */

type V4Range = [base: number, bits: number, label: string];

const V4_BLOCKED: V4Range[] = [
  [v4('0.0.0.0'), 8, 'unspecified ("this network")'],
  [v4('10.0.0.0'), 8, 'private (RFC 1918)'],
  [v4('100.64.0.0'), 10, 'carrier-grade NAT'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private (RFC 1918)'],
  [v4('192.0.0.0'), 24, 'IETF protocol assignments'],
  [v4('192.0.2.0'), 24, 'documentation'],
  [v4('192.31.196.0'), 24, 'AS112'],
  [v4('192.52.193.0'), 24, 'AMT'],
  [v4('192.88.99.0'), 24, '6to4 relay'],
  [v4('192.168.0.0'), 16, 'private (RFC 1918)'],
  [v4('192.175.48.0'), 24, 'AS112'],
  [v4('198.18.0.0'), 15, 'benchmarking'],
  [v4('198.51.100.0'), 24, 'documentation'],
  [v4('203.0.113.0'), 24, 'documentation'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

function v4(text: string): number {
  const parts = text.split('.').map(Number);
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

function inV4(addr: number, base: number, bits: number): boolean {
  if (bits === 0) return true;
  const mask = bits === 32 ? 0xffffffff : ~((1 << (32 - bits)) - 1) >>> 0;
  return (addr & mask) >>> 0 === (base & mask) >>> 0;
}

/** The 128-bit value of an IPv6 address (any textual form, including an embedded dotted IPv4 tail). */
function v6(text: string): bigint {
  let head = text.split('%')[0].toLowerCase();
  const groups: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  let tail: number[] = [];
  if (dotted) {
    const n = v4(dotted[1]);
    tail = [n >>> 16, n & 0xffff];
    head = head.slice(0, -dotted[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const total = 8 - tail.length;
  if (head.includes('::')) {
    const [left, right] = head.split('::');
    const l = parse(left);
    const r = parse(right);
    groups.push(...l, ...new Array(total - l.length - r.length).fill(0), ...r);
  } else {
    groups.push(...parse(head));
  }
  groups.push(...tail);
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g & 0xffff), 0n);
}

function inV6(addr: bigint, base: bigint, bits: number): boolean {
  const shift = BigInt(128 - bits);
  return addr >> shift === base >> shift;
}

type V6Range = [base: bigint, bits: number, label: string];

/** Inside 2000::/3 (global unicast), the blocks that are still special-purpose. */
const V6_BLOCKED_IN_GLOBAL: V6Range[] = [
  [v6('2001::'), 23, 'IETF protocol assignments (Teredo, ORCHID, benchmarking)'],
  [v6('2001:db8::'), 32, 'documentation'],
  [v6('3fff::'), 20, 'documentation'],
];

const MAPPED_V4 = v6('::ffff:0:0');
const NAT64 = v6('64:ff9b::');
const SIX_TO_FOUR = v6('2002::');
const GLOBAL_UNICAST = v6('2000::');

function v4Verdict(addr: number): string | null {
  for (const [base, bits, label] of V4_BLOCKED) if (inV4(addr, base, bits)) return label;
  return null;
}

/**
 * Why an address must not be contacted, or null when it is a public unicast address.
 * IPv6 forms that carry an IPv4 address (IPv4-mapped, NAT64, 6to4) are judged by that IPv4 address.
 */
export function blockedReason(address: string): string | null {
  const family = net.isIP(address.split('%')[0]);
  if (family === 4) return v4Verdict(v4(address));
  if (family !== 6) return 'not an IP address';
  const value = v6(address);
  const low32 = Number(value & 0xffffffffn);
  if (inV6(value, MAPPED_V4, 96)) return v4Verdict(low32);
  if (inV6(value, NAT64, 96)) return v4Verdict(low32);
  if (inV6(value, SIX_TO_FOUR, 16)) return v4Verdict(Number((value >> 80n) & 0xffffffffn));
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  // Everything outside global unicast is special: ::/8 (IPv4-compatible, discard), fc00::/7 unique-local,
  // fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast, 64:ff9b:1::/48 local NAT64, 100::/64 discard.
  if (!inV6(value, GLOBAL_UNICAST, 3)) {
    if (inV6(value, v6('fc00::'), 7)) return 'unique-local';
    if (inV6(value, v6('fe80::'), 10)) return 'link-local';
    if (inV6(value, v6('ff00::'), 8)) return 'multicast';
    return 'reserved';
  }
  for (const [base, bits, label] of V6_BLOCKED_IN_GLOBAL) if (inV6(value, base, bits)) return label;
  return null;
}

export const isPublicAddress = (address: string) => blockedReason(address) === null;
