import type { ExchangeAddresses } from '../../contract/orders';
import type { Database, Db } from '../../server/db/open';
import { credit } from '../../server/exchange/ledger/funding';
import { demoCatalogOf } from '../demo-catalog';
import { DEFAULT_SEED } from '../generate';
import { recordCatalogPrices } from '../history-to-now';
import type { Send } from './client';
import { tradableMarkets } from './markets';
import { DemoTraders, type TradersSettings } from './runner';

/**
 * The server's entry to the demo traders (architecture.test.ts: the server imports catalog-tools only
 * here and through seed.ts). They run in the server's process, after it listens, as clients of its
 * trading interface; money reaches their wallets as an operator's `exchange fund` does (a ledger
 * credit, ledger/funding.ts), never by writing a balance.
 */

export { DemoTraders, type TradersSettings } from './runner';
export type { Send } from './client';

export interface StartOptions {
  /** DEMO_TRADERS: forced on or off; unset, they run when the catalog is the generated demo. */
  setting: 'on' | 'off' | undefined;
  database: Database;
  send: Send;
  clobBase: string;
  chainId: number;
  l1DomainName?: string;
  /** The version-1 exchanges orders are signed for. */
  exchanges: ExchangeAddresses;
  walletSecret: Uint8Array;
  /** Tells the catalog's caches that price points were recorded (the app's ChangeSignal). */
  onCatalogChanged?: () => void;
  log: (level: 'info' | 'warn' | 'debug', message: string, details?: object) => void;
  settings?: Partial<TradersSettings>;
}

/** A chart whose book holds still gets a point at its price at least this often (about; see runner.ts). */
const HISTORY_POINT_EVERY_S = 600;

/** Whether the demo traders run: forced by DEMO_TRADERS, else on a generated demo catalog only. */
export async function demoTradersWanted(setting: 'on' | 'off' | undefined, db: Db): Promise<boolean> {
  if (setting) return setting === 'on';
  return (await demoCatalogOf(db)) !== null;
}

/** Credits paper collateral to several wallets in one transaction (one reload for the writers). */
export function fundThroughLedger(db: Db) {
  return async (credits: { address: string; amount: number }[]) => {
    const now = Math.floor(Date.now() / 1000);
    await db.transaction(async (tx) => {
      for (const c of credits)
        await credit(tx as unknown as Db, c.address, Math.round(c.amount), 'fund', now);
    });
  };
}

/** Starts the demo traders when wanted; null when not. Stop them before the app closes. */
export async function startDemoTraders(options: StartOptions): Promise<DemoTraders | null> {
  const db = options.database.db;
  if (!(await demoTradersWanted(options.setting, db))) {
    options.log(
      'info',
      options.setting === 'off'
        ? 'demo traders off (DEMO_TRADERS=off)'
        : 'demo traders off: the catalog was loaded, not generated (DEMO_TRADERS=on runs them on it)',
    );
    return null;
  }
  const seed = (await demoCatalogOf(db))?.seed ?? DEFAULT_SEED;
  const started = performance.now();
  const traders = await DemoTraders.create({
    send: options.send,
    clobBase: options.clobBase,
    chainId: options.chainId,
    exchanges: options.exchanges,
    walletSecret: options.walletSecret,
    seed,
    runSeed: `${seed}:run:${Date.now()}`,
    loadMarkets: () => tradableMarkets(db),
    fund: fundThroughLedger(db),
    keepHistories: async (ids) => {
      if ((await recordCatalogPrices(db, ids, new Date(), HISTORY_POINT_EVERY_S)) > 0)
        options.onCatalogChanged?.();
    },
    log: options.log,
    ...(options.l1DomainName ? { l1DomainName: options.l1DomainName } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  traders.start();
  options.log('info', 'demo traders started', {
    markets: traders.marketCount,
    ms: Math.round(performance.now() - started),
  });
  return traders;
}
