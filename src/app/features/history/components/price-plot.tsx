import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { LINE_COLOURS } from '../line-colours';

export interface PricePlotProps {
  x: number[];
  ys: (number | null)[][];
  labels: string[];
  dark: boolean;
  /** Height in CSS pixels (the container's; fixed so nothing moves when it draws). */
  height: number;
  /** The point the crosshair marks (index into x), or null. */
  cursor: number | null;
  /** The pointer moved the crosshair (null: it left the chart). */
  onCursor: (index: number | null) => void;
}

const percent = (v: number) => `${Math.round(v * 100)}%`;

/**
 * The canvas chart (uPlot, ~20 kB gzip, in the event page's lazy chunk only): y fixed at 0–100 %,
 * one line per outcome, a crosshair that follows the pointer or the `cursor` prop (keyboard).
 * uPlot styles its elements through the CSSOM, which the page's CSP allows.
 */
export default function PricePlot({ x, ys, labels, dark, height, cursor, onCursor }: PricePlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const report = useRef(onCursor);
  report.current = onCursor;

  // Created per data set and theme, in a task of its own: drawing it in the same task as React's
  // commit made one long task of both (Lighthouse counts the excess over 50 ms as blocking time).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let u: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    const timer = setTimeout(() => {
      u = createPlot(el, { x, ys, labels, dark, height }, (index) => report.current(index));
      plot.current = u;
      resize = new ResizeObserver(() => u?.setSize({ width: Math.max(1, el.clientWidth), height }));
      resize.observe(el);
    });
    return () => {
      clearTimeout(timer);
      resize?.disconnect();
      u?.destroy();
      plot.current = null;
    };
  }, [x, ys, labels, dark, height]);

  // Keyboard: move the crosshair to the chosen point (without echoing it back as a pointer move).
  useEffect(() => {
    const u = plot.current;
    if (!u || cursor === null || cursor >= x.length) return;
    const y = ys.map((line) => line[cursor]).find((v) => v != null) ?? 0.5;
    u.setCursor({ left: u.valToPos(x[cursor]!, 'x'), top: u.valToPos(y, 'y') }, false);
  }, [cursor, x, ys]);

  return <div ref={box} className="h-full w-full" />;
}

/** The chart in its box: y fixed at 0–100 %, one line per outcome; reports the pointer's point. */
function createPlot(
  el: HTMLElement,
  { x, ys, labels, dark, height }: Pick<PricePlotProps, 'x' | 'ys' | 'labels' | 'dark' | 'height'>,
  onCursor: (index: number | null) => void,
): uPlot {
  const ink = dark ? '#a3a3a3' : '#525252';
  const grid = dark ? '#262626' : '#e5e5e5';
  const axis = {
    stroke: ink,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
    font: '12px system-ui, sans-serif',
  };
  return new uPlot(
    {
      width: Math.max(1, el.clientWidth),
      height,
      legend: { show: false },
      scales: { x: { time: true }, y: { range: [0, 1] } },
      axes: [
        { ...axis, space: 70 },
        {
          ...axis,
          size: 48,
          splits: () => [0, 0.25, 0.5, 0.75, 1],
          values: (_u, vals) => vals.map(percent),
        },
      ],
      cursor: { drag: { x: false, y: false, setScale: false }, y: false, points: { size: 7 } },
      series: [
        {},
        ...labels.map((label, i) => ({
          label,
          stroke: LINE_COLOURS[i % LINE_COLOURS.length]![dark ? 'dark' : 'light'],
          width: 2,
          spanGaps: true,
          points: { show: false },
        })),
      ],
      hooks: { setCursor: [(self) => onCursor(self.cursor.idx ?? null)] },
    },
    [x, ...ys] as uPlot.AlignedData,
    el,
  );
}
