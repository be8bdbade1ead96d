import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** ARCHITECTURE.md: app → contract ← server, nothing else crosses; contract is pure. */
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

const forbidden: Record<string, (spec: string, target: string) => string | null> = {
  contract: (spec, target) =>
    ['server', 'app'].includes(target)
      ? `imports ${target}/`
      : /^(node:|react|fastify|pg$|@electric-sql)/.test(spec)
        ? `imports ${spec} (contract/ must stay pure)`
        : null,
  server: (_spec, target) => (target === 'app' ? 'imports app/' : null),
  app: (_spec, target) => (target === 'server' ? 'imports server/' : null),
};

describe('import boundaries', () => {
  it('keeps app → contract ← server', () => {
    const violations: string[] = [];
    for (const file of files(src)) {
      const from = room(file);
      const rule = forbidden[from];
      if (!rule) continue;
      for (const spec of imports(file)) {
        const target = spec.startsWith('.') ? room(resolve(join(file, '..'), spec)) : '';
        const problem = rule(spec, target);
        if (problem) violations.push(`${relative(src, file)} ${problem}`);
      }
    }
    expect(violations).toEqual([]);
  });
});
