import { describe, expect, it } from 'vitest';
import { PAGES } from '../contract/pages';
import { createAppRouter, createQueryClient } from './router';

/** Route files name their path in a literal (the router plugin requires it): it must be a page's path. */
describe('the router and the page table', () => {
  it('have the same pages', () => {
    const router = createAppRouter(createQueryClient());
    const routes = Object.keys(router.routesByPath).map((path) =>
      path === '/' ? '/' : path.replace(/\/$/, ''),
    );
    expect(routes.sort()).toEqual(
      Object.values(PAGES)
        .map((page) => page.path)
        .sort(),
    );
  });
});
