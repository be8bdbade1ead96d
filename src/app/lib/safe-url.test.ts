import { describe, expect, it } from 'vitest';
import { safeImageUrl } from './safe-url';

const origin = 'https://desk.example';

describe('safeImageUrl', () => {
  it.each([
    [
      'https://polymarket-upload.s3.us-east-2.amazonaws.com/kraken.png',
      'https://polymarket-upload.s3.us-east-2.amazonaws.com/kraken.png',
    ],
    ['http://cdn.example/a.png', 'http://cdn.example/a.png'],
    ['/img/politics-1.svg', '/img/politics-1.svg'],
  ])('renders %s', (input, expected) => {
    expect(safeImageUrl(input, origin)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:x',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    'java\tscript:alert(1)',
    'img/relative.png',
    'x onerror=alert(1)',
    '',
    42,
    null,
  ])('refuses %s', (input) => {
    expect(safeImageUrl(input, origin)).toBeNull();
  });
});
