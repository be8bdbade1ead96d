import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PlotSvg } from './price-plot';

const HOUR = 3600;
const T0 = 1_795_000_000;
const x = [T0, T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR];

function draw(overrides: Partial<Parameters<typeof PlotSvg>[0]> = {}) {
  const onCursor = vi.fn();
  const { container } = render(
    <PlotSvg
      x={x}
      ys={[
        [0.2, null, 0.6, 0.8],
        [0.8, 0.7, 0.4, 0.2],
      ]}
      ids={['yes', 'no']}
      height={224}
      width={456}
      cursor={null}
      onCursor={onCursor}
      {...overrides}
    />,
  );
  const svg = container.querySelector('svg')!;
  // Where the plotting area is: jsdom lays nothing out, so the svg sits at the page's origin.
  svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 456, height: 224 }) as DOMRect;
  return { svg, onCursor };
}

/** The points of a path's `d` (`M x y L x y …`). */
const pointsOf = (d: string) =>
  d
    .slice(1)
    .split('L')
    .map((p) => p.split(' ').map(Number) as [number, number]);

describe('PlotSvg', () => {
  it('draws one line per outcome across the plotting area, spanning a missing point, y from 100% at the top to 0%', () => {
    const { svg } = draw();
    const paths = [...svg.querySelectorAll('path')];
    expect(paths).toHaveLength(2);
    const yes = pointsOf(paths[0]!.getAttribute('d')!);
    expect(yes).toHaveLength(3); // the null is skipped and the line joins its neighbours
    // Margins: 44 left, 12 right, 8 top, 24 bottom → plotting area x 44..444, y 8..200.
    expect(yes[0]![0]).toBe(44);
    expect(yes[0]![1]).toBeCloseTo(200 - 0.2 * 192, 1);
    expect(yes[2]![0]).toBe(444);
    expect(yes[2]![1]).toBeCloseTo(200 - 0.8 * 192, 1);
    expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual(
      expect.arrayContaining(['0%', '25%', '50%', '75%', '100%']),
    );
    expect(paths[0]!.getAttribute('class')).toContain('stroke-blue-600');
    expect(paths[1]!.getAttribute('class')).toContain('stroke-orange-600');
  });

  it('labels the time axis inside its width', () => {
    const { svg } = draw();
    const labels = [...svg.querySelectorAll('text[text-anchor="middle"]')];
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      const at = Number(label.getAttribute('x'));
      expect(at).toBeGreaterThanOrEqual(44);
      expect(at).toBeLessThanOrEqual(444);
    }
  });

  it('keeps time labels apart where the steps restart at a month (Oct 31, Nov 1)', () => {
    const days = Array.from({ length: 31 }, (_, i) => new Date(2026, 9, 25 + i).getTime() / 1000);
    const { svg } = draw({ x: days, ys: [days.map(() => 0.5)], ids: ['yes'], width: 1232 });
    const labels = [...svg.querySelectorAll('text[text-anchor="middle"]')].map((t) => ({
      at: Number(t.getAttribute('x')),
      half: (t.textContent!.length * 7) / 2,
    }));
    expect(labels.length).toBeGreaterThan(5);
    for (let i = 1; i < labels.length; i++)
      expect(labels[i]!.at - labels[i]!.half).toBeGreaterThanOrEqual(
        labels[i - 1]!.at + labels[i - 1]!.half + 8,
      );
  });

  it('reports the point nearest the pointer, and null when it leaves', () => {
    const { svg, onCursor } = draw();
    // 44 + 400 * (1.4 / 3): nearer the second point (1 h) than the third.
    fireEvent.pointerMove(svg, { clientX: 44 + (400 * 1.4) / 3 });
    expect(onCursor).toHaveBeenLastCalledWith(1);
    fireEvent.pointerMove(svg, { clientX: 10 }); // left of the area: the first point
    expect(onCursor).toHaveBeenLastCalledWith(0);
    fireEvent.pointerMove(svg, { clientX: 455 });
    expect(onCursor).toHaveBeenLastCalledWith(3);
    fireEvent.pointerLeave(svg);
    expect(onCursor).toHaveBeenLastCalledWith(null);
  });

  it('marks the cursor with a line and a dot on each line that has a value there', () => {
    const { svg } = draw({ cursor: 1 });
    expect(svg.querySelectorAll('line[stroke-dasharray]')).toHaveLength(1);
    const dots = [...svg.querySelectorAll('circle')];
    expect(dots).toHaveLength(1); // the first line has no value at 1 h
    expect(Number(dots[0]!.getAttribute('cy'))).toBeCloseTo(200 - 0.7 * 192);
  });

  it('shows a line with a single point as a dot', () => {
    const { svg } = draw({ x: [T0], ys: [[0.5]], ids: ['yes'] });
    expect(svg.querySelectorAll('path')).toHaveLength(0);
    const dot = svg.querySelector('circle')!;
    expect([Number(dot.getAttribute('cx')), Number(dot.getAttribute('cy'))]).toEqual([244, 104]);
  });
});
