import { createFileRoute } from '@tanstack/react-router';
import { eventBySlugQueryOptions, useEventBySlug } from '../features/catalog/api/event-by-slug';
import { EventDetails } from '../features/catalog/components/event-details';
import { EventDetailsSkeleton } from '../features/catalog/components/event-details-skeleton';
import { orNotFound } from '../lib/route-helpers';

const MISSING = { routeId: '/e/$slug', what: 'event' } as const;

export const Route = createFileRoute('/e/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    const event = await orNotFound(
      queryClient.ensureQueryData(eventBySlugQueryOptions(params.slug)),
      MISSING,
    );
    return { title: event.title };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title ?? 'Event'} · Marketdesk` }] }),
  pendingComponent: EventDetailsSkeleton,
  component: EventPage,
});

function EventPage() {
  const { slug } = Route.useParams();
  return <EventDetails event={useEventBySlug(slug)} />;
}
