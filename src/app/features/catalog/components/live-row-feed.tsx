import { type RefObject, useEffect, useMemo } from 'react';
import type { Event } from '../../../../contract/catalog';
import { useLivePrices } from '../../../lib/live/use-live';
import { useVisible } from '../../../lib/use-visible';
import { liveTokens, withLivePrices } from '../live-prices';

/**
 * Renders nothing: while `row` is on screen, follows its event's most likely markets' live books and
 * tells the row the event as they show it (a lazy chunk, so the row itself is never replaced).
 */
export default function LiveRowFeed({
  event,
  row,
  onChange,
}: {
  event: Event;
  row: RefObject<HTMLLIElement | null>;
  onChange: (live: { of: Event; shown: Event } | null) => void;
}) {
  const visible = useVisible(row);
  const tokens = useMemo(() => liveTokens(event), [event]);
  const prices = useLivePrices(tokens, visible);
  const shown = useMemo(() => withLivePrices(event, prices), [event, prices]);
  useEffect(() => onChange(shown === event ? null : { of: event, shown }), [event, shown, onChange]);
  return null;
}
