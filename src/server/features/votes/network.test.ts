import { describe, expect, it } from 'vitest';
import { weightedTemperature } from '../../../shared/domain/members/trust.js';
import { networkHash, networkOf } from './network.js';

describe('networkOf: the unit of the vote-ring defence', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.250', '203.0.113.0/24'],
    ['198.51.100.1', '198.51.100.0/24'],
    ['::ffff:203.0.113.9', '203.0.113.0/24'],
    ['::FFFF:cb00:7109', '203.0.113.0/24'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd::/48'],
    ['2001:0db8:abcd:ffff:1:2:3:4', '2001:db8:abcd::/48'],
    ['2001:db8::1', '2001:db8:0::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
    ['64:ff9b::203.0.113.1', '64:ff9b:0::/48'],
  ])('%s -> %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });

  it.each([['127.0.0.1'], ['127.8.9.10'], ['::1'], ['::'], ['::ffff:127.0.0.1'], ['0.0.0.0'], [''], ['not an ip'], ['300.1.1.1'], [undefined], [null]])(
    'knows nothing of the voter from %s',
    (ip) => {
      expect(networkOf(ip as string)).toBeNull();
    },
  );

  it('hashes the network with the key, never the address', () => {
    const a = networkHash('k'.repeat(32), '203.0.113.7');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(networkHash('k'.repeat(32), '203.0.113.200')).toBe(a);
    expect(networkHash('k'.repeat(32), '::ffff:203.0.113.1')).toBe(a);
    expect(networkHash('k'.repeat(32), '203.0.114.7')).not.toBe(a);
    expect(networkHash('j'.repeat(32), '203.0.113.7')).not.toBe(a);
    expect(a).not.toContain('203');
    expect(networkHash('k'.repeat(32), '127.0.0.1')).toBeNull();
  });
});

describe('weightedTemperature: half votes for accounts younger than 24 h', () => {
  it.each([
    // upvotes, downvotes, half-vote balance, shown (exact value in the comment)
    [0, 0, 0, 0],
    [10, 3, 0, 7],
    [1, 0, 1, 1], // 0.5: rounded away from zero
    [0, 1, -1, -1], // -0.5
    [2, 0, 2, 1], // 1
    [3, 0, 3, 2], // 1.5
    [3, 1, 1, 2], // 1.5
    [5, 0, 1, 5], // 4.5
    [1, 1, 1, -1], // -0.5
    [2, 1, 1, 1], // 0.5
    [1, 1, 0, 0],
  ])('%i up, %i down, balance %i -> %i', (up, down, balance, shown) => {
    expect(weightedTemperature(up, down, balance)).toBe(shown);
  });

  it('is upvotes - downvotes when no new account voted', () => {
    for (const [up, down] of [
      [0, 0],
      [40, 10],
      [3, 9],
    ])
      expect(weightedTemperature(up, down, 0)).toBe(up - down);
  });
});
