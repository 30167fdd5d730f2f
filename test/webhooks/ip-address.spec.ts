// The address rules of DESIGN.md 5.15: what a webhook may reach, whatever form the address is written in.
import { addressAllowed, classifyAddress, parseIPv6 } from '../../src/webhooks/domain/ip-address.js';

const kind = (address: string): string | undefined => classifyAddress(address)?.kind;

describe('webhook destination addresses', () => {
  it.each(['8.8.8.8', '190.24.1.10', '2800:3f0:4005:80a::200e', '[2606:4700::6810:85e5]', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'finds %s public',
    (address) => expect(kind(address)).toBe('public'),
  );

  it.each(['127.0.0.1', '127.255.255.254', '::1', '[::1]', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '64:ff9b::7f00:1'])(
    'finds %s loopback',
    (address) => expect(kind(address)).toBe('loopback'),
  );

  it.each([
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'benchmarking'],
    ['::', 'unspecified'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['fd00:ec2::254', 'unique local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['2002:c0a8:101::1', '(6to4) to 192.168.0.0/16'],
    ['::7f00:1', 'IPv4-compatible'],
    ['4000::1', 'not global unicast'],
  ])('blocks %s (%s)', (address, label) => {
    const found = classifyAddress(address);
    expect(found?.kind).toBe('blocked');
    expect(found?.kind === 'blocked' && found.range).toContain(label);
  });

  it('keeps the edges of each range: 172.15.255.255 and 172.32.0.0 are public, 100.63.255.255 and 100.128.0.0 too', () => {
    expect(['172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '169.253.255.255', '11.0.0.0'].map(kind)).toEqual(
      Array(6).fill('public'),
    );
  });

  it('reads only canonical text forms; anything else is not an address (and is then treated as a name)', () => {
    expect(['127.1', '0x7f.0.0.1', '0177.0.0.1', '2130706433', '1.2.3.256', 'fe80::1%eth0', '1::2::3', 'tienda.co'].map(classifyAddress)).toEqual(
      Array(8).fill(null),
    );
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual(parseIPv6('::ffff:7f00:1'));
  });

  it('allows public addresses always and loopback only in the dev mode', () => {
    const loopback = classifyAddress('127.0.0.1')!;
    const privateRange = classifyAddress('10.0.0.1')!;
    expect([addressAllowed(loopback, false), addressAllowed(loopback, true)]).toEqual([false, true]);
    expect([addressAllowed(privateRange, false), addressAllowed(privateRange, true)]).toEqual([false, false]);
    expect(addressAllowed(classifyAddress('8.8.8.8')!, false)).toBe(true);
  });
});
