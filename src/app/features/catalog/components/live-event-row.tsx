import { useMemo, useRef } from 'react';
import type { Event } from '../../../../contract/catalog';
import { useLivePrices } from '../../../lib/live/use-live';
import { useVisible } from '../../../lib/use-visible';
import { liveTokens, withLivePrices } from '../live-prices';
import { EventRowView } from './event-row';

/** A list row that, while on screen, follows its most likely markets' live books (a lazy chunk). */
export default function LiveEventRow({ event: listed }: { event: Event }) {
  const row = useRef<HTMLLIElement>(null);
  const visible = useVisible(row);
  const tokens = useMemo(() => liveTokens(listed), [listed]);
  const prices = useLivePrices(tokens, visible);
  const event = useMemo(() => withLivePrices(listed, prices), [listed, prices]);
  return <EventRowView event={event} ref={row} />;
}
