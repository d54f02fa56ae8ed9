import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address stands for, for limits counted per client. An IPv4 address is
 * one client. An IPv6 host is given a whole /64 (RFC 6177; providers hand each customer one,
 * and privacy addresses change within it), so counting each address alone would let one client
 * take a fresh address for every try: its /64 is counted instead. An IPv4-mapped IPv6 address
 * (::ffff:203.0.113.5, what a dual-stack socket reports) is its IPv4 address. Anything else is
 * answered as given.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (isIPv4(address) || !isIPv6(address)) return ip;
  const groups = hextets(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a trailing dotted quad expanded. */
function hextets(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}
