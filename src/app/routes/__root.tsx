import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { DocumentTitle } from '../components/document-title';
import { Layout } from '../components/layout';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: 'Marketdesk' }] }),
  component: Root,
});

function Root() {
  return (
    <>
      <DocumentTitle />
      <Layout>
        <Outlet />
      </Layout>
    </>
  );
}
