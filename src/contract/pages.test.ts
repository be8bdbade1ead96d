import { describe, expect, it } from 'vitest';
import { matchPage, PAGES } from './pages';

describe('matchPage', () => {
  it('finds each page by its path and decodes its parameter', () => {
    expect(matchPage('/')).toEqual({ page: PAGES.top, param: '' });
    expect(matchPage('/tags')).toEqual({ page: PAGES.tags, param: '' });
    expect(matchPage('/keys')).toEqual({ page: PAGES.keys, param: '' });
    expect(matchPage('/tags/007')).toEqual({ page: PAGES.tag, param: '007' });
    expect(matchPage('/series/35')).toEqual({ page: PAGES.seriesOne, param: '35' });
    expect(matchPage('/e/caf%C3%A9%20x')).toEqual({ page: PAGES.event, param: 'café x' });
  });

  it('no page: unknown paths, extra or empty segments, undecodable parameters', () => {
    for (const path of [
      '/nope',
      '/e',
      '/e/',
      '/e/a/b',
      '/tags/1/2',
      '/e/%E0%A4%A',
      '/e/%C0%AF',
      '/e/%ED%A0%80',
    ])
      expect(matchPage(path), path).toBeNull();
  });

  it('a parameter the catalog cannot hold is refused before anyone asks it', () => {
    expect(PAGES.event.validParam('a\u0000b')).toBe(false);
    expect(PAGES.tag.validParam('12a')).toBe(false);
    expect(PAGES.tag.validParam('12')).toBe(true);
  });
});
