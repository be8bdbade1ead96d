/**
 * npx tsx bench/engine.ts — the matching engine alone: place() orders per second on a realistic book.
 *
 * One market's book primed with resting orders around a mid that drifts; then a stream of orders from
 * 200 makers on both outcomes: mostly passive GTC/GTD quotes at 0.01 ticks, some marketable GTC, FAK
 * and FOK orders, cancels (a third as many as placements) and an expiry sweep every 100 orders. The
 * stream is generated before the clock starts; cancels and expiries run in the timed loop but only
 * placements are counted. Figures are CPU time (process.cpuUsage), which other work on a shared
 * machine disturbs less than wall time; the median of ROUNDS rounds.
 *
 * Env: BENCH_ORDERS (placements per round, default 200000), BENCH_ROUNDS (5).
 */
import { Book } from '../src/engine/book';
import type { OrderIn, Outcome } from '../src/engine/types';
import { median } from './stats';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TICK = 100;
const MAKERS = 200;

/** mulberry32: a seeded stream, so every round and every run places the same orders. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Step = { place: OrderIn } | { cancel: number } | { expire: number };

function stream(seed: number): Step[] {
  const next = random(seed);
  const int = (n: number) => Math.floor(next() * n);
  const steps: Step[] = [];
  let mid = 50; // in ticks, outcome-0 terms
  let now = 1_000_000;
  for (let i = 0; i < ORDERS; i++) {
    if (i % 50 === 0) mid = Math.min(80, Math.max(20, mid + int(3) - 1));
    const outcome = int(2) as Outcome;
    const side = int(2) === 0 ? 'BUY' : 'SELL';
    // Passive quotes sit 1–15 ticks behind the mid; marketable orders reach 0–3 ticks through it.
    const buysOutcome0 = (outcome === 0) === (side === 'BUY');
    const kind = next();
    const marketable = kind < 0.2;
    const away = marketable ? -int(4) : 1 + int(15);
    const bookTicks = Math.min(99, Math.max(1, buysOutcome0 ? mid - away : mid + away));
    const ticks = outcome === 0 ? bookTicks : 100 - bookTicks;
    const timeInForce = marketable
      ? (['GTC', 'FAK', 'FAK', 'FOK'] as const)[int(4)]!
      : int(10) === 0
        ? 'GTD'
        : 'GTC';
    steps.push({
      place: {
        id: `o${i}`,
        maker: `m${int(MAKERS)}`,
        outcome,
        side,
        price: ticks * TICK,
        size: 500 + int(20) * 500,
        timeInForce,
        postOnly: !marketable && int(5) === 0,
        expiration: timeInForce === 'GTD' ? now + 60 + int(600) : 0,
      },
    });
    if (int(3) === 0) steps.push({ cancel: Math.max(0, i - int(2000)) });
    if (i % 100 === 0) {
      now += 10;
      steps.push({ expire: now });
    }
  }
  return steps;
}

function round(steps: Step[]): { cpuMs: number; fills: number; resting: number } {
  const book = new Book();
  let fills = 0;
  const start = process.cpuUsage();
  for (const step of steps) {
    if ('place' in step) {
      const result = book.place(step.place);
      if (result.ok) fills += result.fills.length;
    } else if ('cancel' in step) book.cancel(`o${step.cancel}`);
    else book.expire(step.expire);
  }
  const cpu = process.cpuUsage(start);
  return { cpuMs: (cpu.user + cpu.system) / 1000, fills, resting: book.resting().length };
}

const steps = stream(1);
round(steps); // warm-up: let the JIT settle
const rounds = Array.from({ length: ROUNDS }, () => round(steps));
const perSecond = median(rounds.map((r) => ORDERS / (r.cpuMs / 1000)));
const last = rounds[rounds.length - 1]!;
console.log(
  `engine place(): ${Math.round(perSecond).toLocaleString('en')} orders/s of CPU (median of ${ROUNDS} rounds of ${ORDERS.toLocaleString('en')} orders; ${last.fills.toLocaleString('en')} fills, ${last.resting.toLocaleString('en')} resting at the end)`,
);
