import { describe, expect, it } from 'vitest';
import { ogImageSvg } from './og-image';

const outcome = (label: string, chance: number) => ({ label, chance, change: null, token: null });
const card = (labels: string[]) => ({
  slug: 'g',
  title: 'Hawks vs. Nets',
  volume: 1,
  closed: false,
  outcomes: labels.map((l, i) => outcome(l, 0.9 - i / 10)),
  chartToken: null,
});
const lines = (svg: string) => [...svg.matchAll(/font-size="28" fill="#475569">([^<]*)</g)].map((m) => m[1]!);

describe('the Open Graph image', () => {
  const long = 'Will the Portland Trail Blazers win the 2027 NBA Finals against every other team?';

  it('cuts the other outcomes short of the sparkline beside them', () => {
    const svg = ogImageSvg({
      card: card(['Lead', 'Hawks vs. Nets: O/U 212.5 · Over', long]),
      chartPath: 'M0 0',
    });
    const [short, cut] = lines(svg);
    expect(short).toBe('80% · Hawks vs. Nets: O/U 212.5 · Over');
    expect(cut).toMatch(/^70% · Will the Portland Trail Blazers.*…$/);
    expect(cut!.length).toBeLessThan(40);
  });

  it('keeps the lead label whole above the sparkline under a short title', () => {
    const svg = ogImageSvg({
      card: card(['Spread: 76ers (-9.5) · Thunder', 'B']),
      chartPath: 'M0 0',
    });
    expect(svg).toContain('>Spread: 76ers (-9.5) · Thunder<');
  });

  it('gives them the whole width when there is no sparkline', () => {
    const [cut] = lines(ogImageSvg({ card: card(['Lead', long]), chartPath: null }));
    expect(cut!.length).toBeGreaterThan(40);
  });

  it('keeps the lines above the footer and the label short of the sparkline under a three-line title', () => {
    const title = 'Indonesia parliamentary election 2027: which party wins the most seats in the house?';
    const svg = ogImageSvg({
      card: { ...card(['Progressive Union of the Republic', 'Civic Platform', 'Labour Party']), title },
      chartPath: 'M0 0',
    });
    expect(lines(svg)).toEqual(['80% · Civic Platform']);
    const label = svg.match(/font-size="34" fill="#475569">([^<]*)</)![1]!;
    expect(label).toMatch(/^Progressive U.*…$/);
  });
});
