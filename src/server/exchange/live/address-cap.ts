import { isIPv6 } from 'node:net';

/**
 * Live connections per client address in this process (each worker counts its own). IPv6 addresses
 * count per /64, as the rate limit does: one host usually holds a whole /64.
 */
export class AddressCap {
  private readonly open = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes a place for the address; false when it has `max` already. */
  take(address: string): boolean {
    const key = clientKey(address);
    const n = this.open.get(key) ?? 0;
    if (n >= this.max) return false;
    this.open.set(key, n + 1);
    return true;
  }

  release(address: string): void {
    const key = clientKey(address);
    const n = (this.open.get(key) ?? 1) - 1;
    if (n <= 0) this.open.delete(key);
    else this.open.set(key, n);
  }
}

/** The address as counted: IPv4 (also when IPv4-mapped), or an IPv6 address's first 64 bits. */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
