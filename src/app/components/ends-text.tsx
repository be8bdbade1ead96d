import { formatEnds } from '../lib/format';
import { useNow } from '../lib/use-now';

/** "ends in 3d" / "ended 2mo ago", kept current (only this text re-renders as time passes). */
export function EndsText({ iso }: { iso: string }) {
  return <>{formatEnds(iso, useNow())}</>;
}
