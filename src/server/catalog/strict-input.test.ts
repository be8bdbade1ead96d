import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorBody } from '../../contract/error-codes';
import { buildTestApp, type TestApp } from '../test/app';

/**
 * Values the database cannot hold (NUL: PostgreSQL refuses it in text) and parameters no endpoint
 * knows are the client's mistake: a 4xx with the error body, never a 5xx and never silently ignored.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/gamma${url}` });

describe('path values the database cannot hold', () => {
  it.each(['/events/slug/%00', '/events/slug/a%00b', '/events/slug/%01'])(
    '%s → 400 INVALID_PARAMETER naming slug',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_PARAMETER', error: expect.stringContaining('slug') });
    },
  );

  it('a slug of 600 characters matches no route (the router caps path values at 500); one of 500 is looked up', async () => {
    const long = await get(`/events/slug/${'a'.repeat(600)}`);
    expect(long.statusCode).toBe(404);
    expect(long.json().code).toBe('NOT_FOUND');
    const res = await get(`/events/slug/${'a'.repeat(500)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('EVENT_NOT_FOUND');
  });
});

describe("/tags and /series take the reference clients' paging parameters, and nothing unknown", () => {
  it.each(['/tags?foo=1', '/series?foo=1', '/tags?limit=5&foo=1', '/series?offset=2&foo=2'])(
    '%s → 400 naming the unknown parameter',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(isErrorBody(body)).toBe(true);
      expect(body.code).toBe('INVALID_PARAMETER');
      expect(body.error).toMatch(/unknown parameter "foo"/);
    },
  );

  it.each([
    ['/tags?order=volume', 'order'],
    ['/series?limit=x', 'limit'],
    ['/tags?limit=1001', 'limit'],
    ['/series?offset=-1', 'offset'],
  ])('%s → 400 naming %s', async (url, parameter) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });

  it('without parameters they answer as before', async () => {
    expect((await get('/tags')).statusCode).toBe(200);
    expect((await get('/series')).statusCode).toBe(200);
  });
});

describe("/events keeps its own parameters: the reference dialect's are for /events/keyset and /markets", () => {
  it.each([
    'after_cursor=abc',
    'title_search=x',
    'exclude_tag_id=1',
    'locale=en',
    'tag_match=all',
    'featured=false',
  ])('/events?%s → 400 naming the parameter, as before', async (query) => {
    const res = await get(`/events?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(`unknown parameter "${query.split('=')[0]}"`);
  });
});

describe('a keyset list asked for an offset page says how it pages', () => {
  it.each([
    ['/events/keyset?offset=20', '/events'],
    ['/events/keyset?page=2', '/events'],
    ['/markets/keyset?offset=20', '/markets'],
  ])('%s → 400 pointing at after_cursor, not the list of every parameter', async (url, list) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: string };
    expect(error).toMatch(/unknown parameter "(offset|page)": a keyset list pages by after_cursor/);
    expect(error).toContain(`${list} takes offset`);
    expect(error).not.toContain('the parameters are');
  });
});
