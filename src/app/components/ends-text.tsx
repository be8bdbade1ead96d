import { formatEnds, formatExact } from '../lib/format';
import { useExactZone } from '../lib/use-hydrated';
import { useNow } from '../lib/use-now';

/**
 * "ends in 3d" / "ended 2mo ago" ("end date passed 2d ago" while the event is open), kept current
 * (only this text re-renders as time passes).
 */
export function EndsText({ iso, closed }: { iso: string; closed: boolean }) {
  return <>{formatEnds(iso, useNow(), closed)}</>;
}

/**
 * EndsText with the exact end on hover, in UTC until the page is hydrated, then the viewer's zone:
 * a component of its own, so that the switch re-renders this span and not the row around it.
 */
export function EndsWithExact({ iso, closed }: { iso: string; closed: boolean }) {
  return (
    <span title={formatExact(iso, useExactZone())}>
      <EndsText iso={iso} closed={closed} />
    </span>
  );
}
