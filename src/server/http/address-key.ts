import { isIPv6 } from 'node:net';

/**
 * The client an address stands for, as the per-address limits count it. An IPv4 address is itself
 * (also when it comes IPv4-mapped, `::ffff:10.0.0.1`); an IPv6 address is its /64: a home line or a
 * cloud server is given a whole /64, so counting each address let one client take a new one for
 * every guess and pass every per-address limit.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const hextets = expandIPv6(address);
  const [low, high] = [hextets[6]!, hextets[7]!];
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    return [low >> 8, low & 0xff, high >> 8, high & 0xff].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` filled in, a dotted IPv4 tail as two groups). */
function expandIPv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const gap = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(gap).fill('0'), ...right].map((h) => Number.parseInt(h, 16));
}
