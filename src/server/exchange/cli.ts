import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HEADER_FORMATS } from '../../contract/auth';
import { ConfigError, loadConfig } from '../config';
import { isInitialised } from '../db/data-dir';
import { openConfiguredDatabase } from '../db/open';
import type { Db } from '../db/open';
import { credit } from './ledger/funding';
import { BASE_PER_UNIT, baseUnitsOf, MAX_CREDIT_UNITS } from './units';

/** MAX_CREDIT_UNITS in USDC, to the base unit (a float's division would round its last digit). */
const LARGEST_CREDIT = `${Math.floor(MAX_CREDIT_UNITS / BASE_PER_UNIT)}.${String(MAX_CREDIT_UNITS % BASE_PER_UNIT).padStart(6, '0')}`;

const USAGE = `Usage:
  npm run exchange -- fund ADDRESS AMOUNT [--data-dir DIR]
      Credits AMOUNT of paper USDC (a decimal number, up to 6 decimals: "250", "12.5") to the wallet
      ADDRESS (0x + 40 hex digits), as a ledger row. Nothing here is real money.

The database is DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data;
--data-dir overrides it). Stop the server first when it uses the same embedded database.
Exit status: 0 done, 1 failure, 2 bad command line.`;

async function main(argv: string[]): Promise<number> {
  let values: { 'data-dir'?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [name, address, amountText] = positionals;
  if (values.help || name !== 'fund' || !address || !amountText || positionals.length !== 3) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (!HEADER_FORMATS.address.test(address)) {
    console.error(`${address} is not a wallet address (0x followed by 40 hex digits).`);
    return 2;
  }
  const amount = baseUnitsOf(amountText);
  if (amount === null || amount <= 0) {
    console.error(
      `${amountText} is not a positive amount of USDC with at most 6 decimals, of at most ${LARGEST_CREDIT} USDC a credit.`,
    );
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  // Crediting a database the server never opened would create an empty one, and help nobody.
  if (!config.DATABASE_URL && !isInitialised(join(config.DATA_DIR, 'pgdata'))) {
    console.error(
      `There is no database in ${resolve(config.DATA_DIR)}: give the DATA_DIR (or --data-dir) the server runs with, or DATABASE_URL.`,
    );
    return 1;
  }
  const database = await openConfiguredDatabase(config);
  try {
    await database.db.transaction((tx) =>
      credit(tx as unknown as Db, address.toLowerCase(), amount, 'fund', Math.floor(Date.now() / 1000)),
    );
    console.log(`Credited ${amountText} USDC (paper) to ${address.toLowerCase()}.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
