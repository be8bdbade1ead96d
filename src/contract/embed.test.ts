import { describe, expect, it } from 'vitest';
import { embedCode, embedPath, oneLine } from './embed';

describe('embedCode', () => {
  it('frames the card at 400 × 300 by default, titled with the event', () => {
    expect(embedCode('https://m.example', 'fed-762', 'Fed?')).toBe(
      '<iframe src="https://m.example/embed/e/fed-762" width="400" height="300" title="Fed? · Marketdesk" loading="lazy" style="border:0;border-radius:12px;max-width:100%"></iframe>',
    );
    expect(embedCode('https://m.example', 'a b', 'T', { width: 320, theme: 'dark', chart: false })).toContain(
      'src="https://m.example/embed/e/a%20b?theme=dark&amp;chart=0" width="320" height="300"',
    );
  });

  it('hostile titles and slugs stay inside their attributes', () => {
    const code = embedCode(
      'https://m.example',
      '"><script>',
      `"><script>alert(1)</script>\n'&${'x'.repeat(10_000)}`,
    );
    expect(code).toMatch(/^<iframe [^<>]*><\/iframe>$/);
    expect(code).toContain('src="https://m.example/embed/e/%22%3E%3Cscript%3E"');
    expect(code).toContain('title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &#39;&amp;xxx');
    expect(code.length).toBeLessThan(500);
  });

  it('oneLine cuts by code points, never inside an emoji', () => {
    expect(oneLine('a\n\tb  c', 10)).toBe('a b c');
    expect(oneLine('🚀'.repeat(10), 4)).toBe('🚀🚀🚀…');
    expect(embedPath('x', {})).toBe('/embed/e/x');
  });
});
