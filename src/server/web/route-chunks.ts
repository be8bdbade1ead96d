import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The part of Vite's build manifest (dist/.vite/manifest.json) this reads. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** A page of the dashboard, by the route module whose code-split component draws it. */
export type RoutePage = 'top' | 'tags' | 'series' | 'tag' | 'seriesOne' | 'event' | 'keys';

const ROUTE_MODULES: Record<RoutePage, string> = {
  top: 'src/app/routes/index.tsx?tsr-split=component',
  tags: 'src/app/routes/tags.index.tsx?tsr-split=component',
  series: 'src/app/routes/series.index.tsx?tsr-split=component',
  tag: 'src/app/routes/tags.$tagId.tsx?tsr-split=component',
  seriesOne: 'src/app/routes/series.$seriesId.tsx?tsr-split=component',
  event: 'src/app/routes/e.$slug.tsx?tsr-split=component',
  keys: 'src/app/routes/keys.lazy.tsx',
};

/**
 * For each page, the URLs of the chunks its route loads beyond the entry's (which index.html already
 * modulepreloads): the router only asks for them once the entry has run, a round trip later than
 * the HTML could. Empty when the build has no manifest (a fixture build, an older build).
 */
export function routeChunks(distDir: string): Record<RoutePage, string[]> {
  const chunks = Object.fromEntries(
    Object.keys(ROUTE_MODULES).map((page) => [page, []]),
  ) as unknown as Record<RoutePage, string[]>;
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return chunks;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return chunks;
  }
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  for (const [page, module] of Object.entries(ROUTE_MODULES) as [RoutePage, string][]) {
    chunks[page] = [...closure([module])]
      .filter((key) => !entry.has(key))
      .map((key) => `/${(manifest[key] as ManifestChunk).file}`);
  }
  return chunks;
}
