import { describe, expect, it } from 'vitest';
import { currentTitle } from './document-title';

describe('the document title', () => {
  it('is the deepest route’s title', () => {
    expect(
      currentTitle([
        { meta: [{ title: 'Marketdesk' }] },
        { status: 'success', meta: [{ title: 'Tags · Marketdesk' }] },
      ]),
    ).toBe('Tags · Marketdesk');
  });

  it('says a page was not found, or could not be loaded, rather than keep the last page’s title', () => {
    expect(currentTitle([{ meta: [{ title: 'Marketdesk' }] }, { status: 'notFound' }])).toBe(
      'Not found · Marketdesk',
    );
    // A path no route has: the router marks the root's match, which keeps status 'success'.
    expect(currentTitle([{ status: 'success', _notFound: true, meta: [{ title: 'Marketdesk' }] }])).toBe(
      'Not found · Marketdesk',
    );
    expect(currentTitle([{ meta: [{ title: 'Marketdesk' }] }, { status: 'error' }])).toBe(
      'Could not load · Marketdesk',
    );
  });
});
