import { createFileRoute } from '@tanstack/react-router';
import { PAGES } from '../../contract/pages';
import { useEventBySlug } from '../features/catalog/api/event-by-slug';
import { EventDetails } from '../features/catalog/components/event-details';
import { EventDetailsSkeleton } from '../features/catalog/components/event-details-skeleton';
import { loadRecordPage, pageHead } from '../lib/route-helpers';

export const Route = createFileRoute('/e/$slug')({
  loader: ({ context: { queryClient }, params }) => loadRecordPage(queryClient, PAGES.event, params.slug),
  head: ({ loaderData }) => pageHead(PAGES.event, loaderData),
  pendingComponent: EventDetailsSkeleton,
  component: EventPage,
});

function EventPage() {
  const { slug } = Route.useParams();
  return <EventDetails event={useEventBySlug(slug)} />;
}
