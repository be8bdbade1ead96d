import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * app → contract ← server, nothing else crosses; contract is pure. The catalog tools (demo generator,
 * importer, CLI) build on the server's database layer; the server uses them only through two entry
 * points, the seed (the first start's demo catalog, its histories brought to now) and the demo
 * traders, so the generator stays a tool rather than part of the service (tests may import them to
 * prepare data).
 */
const src = resolve(import.meta.dirname);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? m[2] ?? '');
}

function room(file: string): string {
  return relative(src, file).split(/[\\/]/)[0] ?? '';
}

/** Tests and their helpers (files under a test/ folder, such as server/test/ or exchange/test/). */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(^|[\\/])test[\\/]/.test(relative(src, file));

const forbidden: Record<string, (spec: string, target: string, file: string) => string | null> = {
  contract: (spec, target) =>
    ['server', 'app', 'catalog-tools'].includes(target)
      ? `imports ${target}/`
      : /^(node:|react|fastify|pg$|@electric-sql)/.test(spec)
        ? `imports ${spec} (contract/ must stay pure)`
        : null,
  server: (spec, target, file) =>
    target === 'app'
      ? 'imports app/'
      : target === 'catalog-tools' && !isTest(file) && !/\/catalog-tools\/(seed|demo-traders)$/.test(spec)
        ? `imports ${spec} (only catalog-tools/seed and catalog-tools/demo-traders)`
        : null,
  'catalog-tools': (_spec, target) => (target === 'app' ? 'imports app/' : null),
  app: (_spec, target) => (['server', 'catalog-tools'].includes(target) ? `imports ${target}/` : null),
};

describe('import boundaries', () => {
  it('keeps app → contract ← server ← catalog-tools (seed and demo traders only)', () => {
    const violations: string[] = [];
    for (const file of files(src)) {
      const from = room(file);
      const rule = forbidden[from];
      if (!rule) continue;
      for (const spec of imports(file)) {
        const target = spec.startsWith('.') ? room(resolve(join(file, '..'), spec)) : '';
        const problem = rule(spec, target, file);
        if (problem) violations.push(`${relative(src, file)} ${problem}`);
      }
    }
    expect(violations).toEqual([]);
  });
});

/**
 * The demo traders are clients of the order book, not part of it: they reach it over the trading
 * interface (signed orders, Level 2, the same checks and writer as anyone's), so they import nothing of
 * the exchange or of the credentials. The one exception is how their wallets get paper money: the
 * ledger's funding path, as an operator's `npm run exchange -- fund`.
 */
describe('the demo traders are clients', () => {
  it('import nothing of server/exchange (but its ledger funding) or server/credentials', () => {
    const traders = join(src, 'catalog-tools', 'demo-traders');
    const exchange = join(src, 'server', 'exchange');
    const credentials = join(src, 'server', 'credentials');
    const funding = join(exchange, 'ledger', 'funding');
    const violations = files(traders)
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        imports(file)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => resolve(join(file, '..'), spec))
          .filter((t) => (t.startsWith(exchange + sep) && t !== funding) || t.startsWith(credentials + sep))
          .map((t) => `${relative(src, file)} imports ${relative(src, t)}`),
      );
    expect(files(traders).length).toBeGreaterThan(3);
    expect(violations).toEqual([]);
  });
});

/**
 * The catalog pages' bundle carries no schema library (its JS budget): outside the Keys page, the
 * dashboard imports zod neither directly nor through a contract module that does (type-only imports
 * are erased and allowed).
 */
describe('catalog pages stay free of zod', () => {
  const usesZod = (file: string) => /from\s*['"]zod(\/[^'"]*)?['"]/.test(readFileSync(file, 'utf8'));
  // Wallet code (the Keys page, the ticket, the Portfolio, lib/wallet) is in lazy chunks only (vite.config.ts).
  const isKeysCode = (file: string) =>
    /app[\\/](features[\\/](keys|portfolio|trading[\\/]ticket)|routes[\\/](keys|portfolio)|lib[\\/]wallet)/.test(
      file,
    );
  const isTest = (file: string) => /\.test\.tsx?$|[\\/]test[\\/]/.test(file);

  it('no runtime import of zod, or of a contract module that imports it, outside the Keys page', () => {
    const violations: string[] = [];
    for (const file of files(join(src, 'app'))) {
      if (isKeysCode(file) || isTest(file)) continue;
      const text = readFileSync(file, 'utf8');
      const runtime = [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s*['"]([^'"]+)['"]/gm)].map(
        (m) => m[1] ?? '',
      );
      for (const spec of runtime) {
        if (/^zod(\/|$)/.test(spec)) violations.push(`${relative(src, file)} imports ${spec}`);
        if (!spec.startsWith('.')) continue;
        const target = resolve(join(file, '..'), spec);
        const candidates = [`${target}.ts`, `${target}.tsx`, join(target, 'index.ts')];
        const module = candidates.find((c) => statSync(c, { throwIfNoEntry: false })?.isFile());
        if (module && room(module) === 'contract' && usesZod(module))
          violations.push(`${relative(src, file)} imports ${relative(src, module)}, which imports zod`);
      }
    }
    expect(violations).toEqual([]);
  });
});

/**
 * The first view rendered on the server is a build of its own (src/app/entry-server.tsx → dist/server),
 * which the server loads as a built file (src/server/web/renderer.ts; no server file imports app/, see
 * above). React's server renderer stays in that entry: anywhere else in app/ it would reach the
 * browser's bundle (tests, which no bundle holds, may render server HTML too).
 */
describe('the server renderer stays in its entry', () => {
  it('only src/app/entry-server.tsx imports react-dom/server', () => {
    const violations = files(join(src, 'app'))
      .filter((file) => !file.endsWith(`${join('app', 'entry-server.tsx')}`) && !/\.test\.tsx?$/.test(file))
      .filter((file) => imports(file).some((spec) => /^react-dom\/server/.test(spec)))
      .map((file) => relative(src, file));
    expect(violations).toEqual([]);
  });
});

/**
 * The dashboard's zones (bulletproof-react's unidirectional imports): shared code (components/, lib/)
 * → features/ → the app layer (routes/ and the top-level files: router, main, entry-server…). A
 * feature is used by the pages, never by another feature: what two features share moves down to
 * components/ or lib/ (or up to the route that composes them); shared code never reaches up into a
 * feature or the app layer, so every page can use it. Tests follow the same rules, and may also use
 * the app's test helpers (app/test/), which prepare any zone's data.
 */
describe("the dashboard's zones", () => {
  const app = join(src, 'app');
  /** `features/<name>`, `components`, `lib`, `routes`, `test` (app/test/), or `app` for the top-level files. */
  const zone = (file: string): string => {
    const [first = '', second = ''] = relative(app, file).split(/[\\/]/);
    if (first === 'features') return `features/${second}`;
    return ['components', 'lib', 'routes', 'test'].includes(first) ? first : 'app';
  };
  /** The imports from a zone in `from` to a zone outside `allowed` (or app/test/, from a test file). */
  const crossings = (from: (zone: string) => boolean, allowed: (zone: string) => string[]) =>
    files(app)
      .filter((file) => from(zone(file)))
      .flatMap((file) => {
        const ok = [...allowed(zone(file)), ...(/\.test\.tsx?$/.test(file) ? ['test'] : [])];
        return imports(file)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => resolve(join(file, '..'), spec))
          .filter((target) => !relative(app, target).startsWith('..') && !ok.includes(zone(target)))
          .map((target) => `${relative(src, file)} imports ${relative(src, target)}`);
      });
  const shared = ['components', 'lib'];

  it('features never import each other, the routes or the app', () => {
    const isFeature = (zone: string) => zone.startsWith('features/');
    expect(crossings(isFeature, (feature) => [feature, ...shared])).toEqual([]);
  });

  it('components/ and lib/ never import a feature, the routes or the app', () => {
    const isShared = (zone: string) => shared.includes(zone);
    expect(crossings(isShared, () => shared)).toEqual([]);
  });
});

/**
 * The matching engine (src/engine) is pure code the server and the dashboard both run: it imports
 * nothing outside its folder, no package and no platform module (its tests may use vitest and
 * fast-check), and app/ and server/ may import it.
 */
describe('the engine stays pure', () => {
  const engine = join(src, 'engine');
  const isEngineTest = (file: string) => /\.test\.ts$|^test[\\/]/.test(relative(engine, file));

  it('imports only its own modules', () => {
    const violations: string[] = [];
    for (const file of files(engine)) {
      for (const spec of imports(file)) {
        const allowed = spec.startsWith('.')
          ? room(resolve(join(file, '..'), spec)) === 'engine'
          : isEngineTest(file) && /^(vitest|fast-check)$/.test(spec);
        if (!allowed) violations.push(`${relative(src, file)} imports ${spec}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('may be imported by app/ and server/', () => {
    for (const from of ['app', 'server'])
      expect(forbidden[from]?.('../engine/book', 'engine', join(src, from, 'any.ts')) ?? null).toBeNull();
  });
});

/**
 * The server's map (src/server/app.ts) mounts every interface; below it, one-way doors. The price
 * history builds on the catalog (its tokens are the catalog's markets' outcome tokens, its last
 * point is their catalog price, its 24-hour marks show in their event documents), so history/ may
 * import catalog/ and never the reverse: the catalog stands without the history. The shared HTTP
 * machinery (http/) serves both and imports neither, and the web plugin is handed what it needs.
 */
describe("the server's map and its one-way doors", () => {
  const server = join(src, 'server');
  /** The file an import resolves to (relative imports only; `./x` may name x.ts or x/index.ts). */
  const target = (file: string, spec: string): string | null => {
    if (!spec.startsWith('.')) return null;
    const path = resolve(join(file, '..'), spec);
    const candidates = [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')];
    return candidates.find((c) => statSync(c, { throwIfNoEntry: false })?.isFile()) ?? path;
  };
  /** `from` imports that the rule refuses, as "file imports target". */
  const violations = (from: string[], refused: (target: string) => boolean) =>
    from.flatMap((file) =>
      imports(file)
        .map((spec) => target(file, spec))
        .filter((t): t is string => t !== null && refused(t))
        .map((t) => `${relative(src, file)} imports ${relative(src, t)}`),
    );
  const under = (dir: string) => (file: string) => file.startsWith(join(server, dir) + sep);

  it('only main.ts and the tests import server/app.ts: plugins take PluginOptions from plugin-options.ts', () => {
    const importers = files(src).filter((f) => f !== join(server, 'main.ts') && !isTest(f));
    expect(violations(importers, (t) => t === join(server, 'app.ts'))).toEqual([]);
  });

  it('the catalog imports nothing of the price history (history → catalog, one way)', () => {
    expect(violations(files(join(server, 'catalog')), under('history'))).toEqual([]);
  });

  it('http/ (cached JSON, content coding, ETag) imports no interface', () => {
    const interfaces = ['catalog', 'history', 'credentials', 'web'].map(under);
    expect(violations(files(join(server, 'http')), (t) => interfaces.some((inside) => inside(t)))).toEqual(
      [],
    );
  });

  it('the web plugin imports no other interface: app.ts hands it a record reader', () => {
    const others = ['catalog', 'history', 'credentials'].map(under);
    const web = files(join(server, 'web')).filter((f) => !isTest(f));
    expect(violations(web, (t) => others.some((inside) => inside(t)))).toEqual([]);
  });
});
