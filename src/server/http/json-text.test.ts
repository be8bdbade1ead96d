import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonText, jsonBytes } from './json-text';

const stringifyJson = (value: unknown) => jsonBytes(value).toString('utf8');

describe('jsonBytes', () => {
  it('writes the bytes of what JSON.stringify writes, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonBytes(value).equals(Buffer.from(JSON.stringify(value)))).toBe(true);
      }),
    );
  });

  it('leaves out undefined and function members, as JSON.stringify does', () => {
    const value = { a: 1, b: undefined, c: () => 1, d: [1, undefined] };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it('splices JsonText in as it is, in arrays and objects, and the result parses to the whole', () => {
    const events = [new JsonText('{"id":"1","title":"A \\"quoted\\" one"}'), new JsonText('{"id":"2"}')];
    const text = stringifyJson({ events, next_cursor: 'x.y', nothing: undefined });
    expect(text).toBe('{"events":[{"id":"1","title":"A \\"quoted\\" one"},{"id":"2"}],"next_cursor":"x.y"}');
    expect(JSON.parse(text)).toEqual({ events: events.map((e) => e.parse()), next_cursor: 'x.y' });
  });
});
