import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DEFAULT_CHART_RANGE, eventSearchSchema } from '../../contract/chart-range';
import { PAGES } from '../../contract/pages';
import { useEventBySlug } from '../features/catalog/api/event-by-slug';
import { EventDetails } from '../features/catalog/components/event-details';
import { EventDetailsSkeleton } from '../features/catalog/components/event-details-skeleton';
import { chartLines } from '../features/history/chart-lines';
import { PriceHistorySection } from '../features/history/components/price-history-section';
import { PriceHistorySkeleton } from '../features/history/components/price-history-skeleton';
import { BookSection } from '../features/trading/components/book-section';
import { loadRecordPage, pageHead } from './-page-loaders';

export const Route = createFileRoute('/e/$slug')({
  // The chart's range (?range=1m); the default stays out of the URL.
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
  const { range } = Route.useSearch();
  const event = useEventBySlug(slug);
  return (
    <EventDetails
      event={event}
      chart={
        <PriceHistorySection slug={slug} lines={chartLines(event)} range={range} markets={event.markets} />
      }
      book={<BookSection event={event} />}
    />
  );
}
