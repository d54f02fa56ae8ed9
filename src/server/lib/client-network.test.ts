import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.js';

describe('the network a client address is counted under', () => {
  it.each([
    ['an IPv4 address', '203.0.113.5', '203.0.113.5'],
    ['an IPv6 address', '2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    [
      'another address of the same /64',
      '2001:0DB8:00aa:00bb:ffff:ffff:ffff:ffff',
      '2001:db8:aa:bb::/64',
    ],
    ['a compressed address', '2001:db8::1', '2001:db8:0:0::/64'],
    ['compression inside the prefix', '2001:db8::aa:1:2:3', '2001:db8:0:0::/64'],
    ['compression reaching into the prefix', '2001::1:2:3:4', '2001:0:0:0::/64'],
    ['a link-local address with its zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['the loopback address', '::1', '0:0:0:0::/64'],
    ['an IPv4-mapped address', '::ffff:203.0.113.5', '203.0.113.5'],
    ['an IPv4-mapped address in hex', '::ffff:cb00:7105', '203.0.113.5'],
    ['a NAT64 address', '64:ff9b::203.0.113.5', '64:ff9b:0:0::/64'],
    ['something that is no address', 'unknown', 'unknown'],
  ])('%s: %s is counted as %s', (_name, ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  it('tells neighbouring /64s apart', () => {
    expect(clientNetwork('2001:db8:aa:bb::1')).not.toBe(clientNetwork('2001:db8:aa:bc::1'));
  });
});
