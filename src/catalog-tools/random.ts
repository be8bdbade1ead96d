/**
 * A small seeded PRNG (sfc32, seeded through cyrb128) so the demo catalog is the same for the same
 * seed on every machine and Node version; Math.random is not seedable.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  float(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** exp(N(mu, sigma)): heavy right tail, for volumes and liquidity. */
  logNormal(mu: number, sigma: number): number;
  /** `length` lower-case hex digits. */
  hex(length: number): string;
  /** `length` decimal digits, the first one non-zero. */
  digits(length: number): string;
}

/** cyrb128: spreads any string over four 32-bit words (the seed state of sfc32). */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const PAIRS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function createRandom(seed: string | number): Random {
  // State in a typed array: plain `let` numbers above 2^31 become heap doubles and slow sfc32 ~20x.
  const s = new Int32Array(cyrb128(String(seed)));
  const next = (): number => {
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = (s[3]! + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    s[3] = d;
    return (t >>> 0) / 4294967296;
  };
  // Warm up: the first outputs of sfc32 still resemble the seed words.
  for (let i = 0; i < 15; i++) next();

  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    sample: (items, count) => {
      const copy = [...items];
      const n = Math.min(count, copy.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
    normal: () => {
      const u = 1 - next(); // (0, 1]: log(0) would be -Infinity
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    logNormal: (mu, sigma) => Math.exp(mu + sigma * random.normal()),
    hex: (length) => {
      let out = '';
      while (out.length < length) out += HEX[Math.floor(next() * 256)]!;
      return out.slice(0, length);
    },
    digits: (length) => {
      let out = String(1 + Math.floor(next() * 9));
      while (out.length < length) out += PAIRS[Math.floor(next() * 100)]!;
      return out.slice(0, length);
    },
  };
  return random;
}
