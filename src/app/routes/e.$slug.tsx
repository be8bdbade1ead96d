import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DEFAULT_CHART_RANGE } from '../../contract/chart-range';
import { eventSearchSchema, marketInSearch } from '../../contract/event-search';
import { PAGES } from '../../contract/pages';
import { focusTicket } from '../lib/ticket-focus';
import { useEventBySlug } from '../features/catalog/api/event-by-slug';
import { EventDetails } from '../features/catalog/components/event-details';
import { EventDetailsSkeleton } from '../features/catalog/components/event-details-skeleton';
import { chartLines } from '../features/history/chart-lines';
import { PriceHistorySection } from '../features/history/components/price-history-section';
import { PriceHistorySkeleton } from '../features/history/components/price-history-skeleton';
import { BookSection } from '../features/trading/components/book-section';
import { loadRecordPage, pageHead } from './-page-loaders';

export const Route = createFileRoute('/e/$slug')({
  // The chart's range (?range=1m) and the book's market (?market=…); defaults stay out of the URL.
  validateSearch: eventSearchSchema,
  search: { middlewares: [stripSearchParams({ range: DEFAULT_CHART_RANGE })] },
  loader: ({ context: { queryClient }, params }) => loadRecordPage(queryClient, PAGES.event, params.slug),
  head: ({ loaderData }) => pageHead(PAGES.event, loaderData),
  // Most events draw one line; the chart's frame is there before the event is.
  pendingComponent: () => <EventDetailsSkeleton chart={<PriceHistorySkeleton lines={1} />} />,
  component: EventPage,
});

function EventPage() {
  const { slug } = Route.useParams();
  const { range, market } = Route.useSearch();
  const navigate = Route.useNavigate();
  const event = useEventBySlug(slug);
  // The book's market is part of the link, so a shared page opens on the same book.
  const chooseMarket = (id: string | undefined) =>
    navigate({
      search: (prev) => ({ ...prev, market: id === undefined ? undefined : marketInSearch(id) }),
      replace: true,
      resetScroll: false,
    });
  // A market card's Trade: its book, then the keyboard at its ticket (once drawn for that market).
  const tradeMarket = (id: string) => {
    void chooseMarket(id).then(() => requestAnimationFrame(() => focusTicket()));
  };
  const chosen = market === undefined ? undefined : String(market);
  return (
    <EventDetails
      event={event}
      onTrade={tradeMarket}
      chart={
        // A game's chart draws the market its book shows (chart-lines.ts).
        <PriceHistorySection
          slug={slug}
          lines={chartLines(event, chosen)}
          range={range}
          markets={event.markets}
        />
      }
      book={<BookSection event={event} market={chosen} onMarket={chooseMarket} />}
    />
  );
}
