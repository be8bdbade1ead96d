import { memo, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import { LINE_COLOURS } from '../line-colours';
import { type TimeTick, timeAxisTicks } from '../time-axis';

export interface PricePlotProps {
  x: number[];
  ys: (number | null)[][];
  /** One per line (its outcome's token id): which line is which across renders. */
  ids: string[];
  /** Height in CSS pixels (the container's; fixed so nothing moves when it draws). */
  height: number;
  /** The point the crosshair marks (index into x), or null. */
  cursor: number | null;
  /** The pointer moved the crosshair (null: it left the chart). */
  onCursor: (index: number | null) => void;
}

/** Room for the axes' labels around the plotting area (px). */
const MARGIN = { top: 8, right: 12, bottom: 24, left: 44 };
const Y_SPLITS = [0, 0.25, 0.5, 0.75, 1];
/** About one time label per this many pixels of width. */
const X_LABEL_SPACE = 90;

/**
 * The chart, drawn as SVG by React: y fixed at 0–100 %, one line per outcome (gaps spanned), a
 * crosshair that follows the pointer or the `cursor` prop (keyboard). Measured to its box's width.
 * SVG rather than a canvas library: loading uPlot was one 30–65 ms task on every event page.
 */
export default function PricePlot(props: PricePlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // Before paint: the first frame already has the chart at its width.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const resize = new ResizeObserver(() => setWidth(el.clientWidth));
    resize.observe(el);
    return () => resize.disconnect();
  }, []);
  return (
    <div ref={box} className="h-full w-full">
      {width > 0 && <PlotSvg {...props} width={width} />}
    </div>
  );
}

/** Index of the x value nearest to `t` (x ascending, non-empty). */
function nearest(x: number[], t: number): number {
  let lo = 0;
  let hi = x.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid]! <= t) lo = mid;
    else hi = mid;
  }
  return t - x[lo]! <= x[hi]! - t ? lo : hi;
}

/** The plotting area inside the margins, and the scales from data to pixels. */
function frame(x: number[], width: number, height: number) {
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = Math.max(1, height - MARGIN.top - MARGIN.bottom);
  const from = x[0] ?? 0;
  const to = x[x.length - 1] ?? 0;
  return {
    plotWidth,
    plotHeight,
    from,
    to,
    px: (t: number) => MARGIN.left + (to > from ? ((t - from) / (to - from)) * plotWidth : plotWidth / 2),
    py: (v: number) => MARGIN.top + (1 - v) * plotHeight,
  };
}

type LayerProps = Pick<PricePlotProps, 'x' | 'ys' | 'ids' | 'height'> & { width: number };

export function PlotSvg({ cursor, onCursor, ...layer }: PricePlotProps & { width: number }) {
  const { x, ys, ids, width, height } = layer;
  const { plotWidth, plotHeight, from, to, px, py } = frame(x, width, height);
  const at = cursor !== null && cursor < x.length ? cursor : null;

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (x.length === 0) return;
    const left = event.clientX - event.currentTarget.getBoundingClientRect().left - MARGIN.left;
    const t = from + (Math.min(Math.max(left, 0), plotWidth) / plotWidth) * (to - from);
    onCursor(nearest(x, t));
  };

  return (
    <svg
      width={width}
      height={height}
      aria-hidden="true"
      className="block touch-pan-y select-none"
      onPointerMove={onPointerMove}
      onPointerLeave={() => onCursor(null)}
    >
      <Lines {...layer} />
      {at !== null && (
        <g>
          <line
            x1={px(x[at]!)}
            x2={px(x[at]!)}
            y1={MARGIN.top}
            y2={MARGIN.top + plotHeight}
            className="stroke-neutral-500"
            strokeDasharray="4 3"
          />
          {ys.map((line, i) => {
            const v = line[at];
            if (v == null) return null;
            return (
              <circle
                key={ids[i]}
                cx={px(x[at]!)}
                cy={py(v)}
                r={3.5}
                className={`${LINE_COLOURS[i % LINE_COLOURS.length]!.fill} stroke-white dark:stroke-neutral-950`}
                strokeWidth={1.5}
              />
            );
          })}
        </g>
      )}
    </svg>
  );
}

/** Grid, axes and lines: drawn again when the data or the size change, not as the crosshair moves. */
const Lines = memo(function Lines({ x, ys, ids, width, height }: LayerProps) {
  const { plotWidth, plotHeight, from, to, px, py } = frame(x, width, height);
  const ticks: TimeTick[] = [];
  let lastRight = Number.NEGATIVE_INFINITY;
  for (const tick of timeAxisTicks(from, to, Math.max(1, Math.floor(plotWidth / X_LABEL_SPACE)))) {
    // Each label inside the svg and clear of the one before it (about 7 px per character of 12 px
    // text): d3's 2-day steps restart each month, which would put Oct 31 against Nov 1.
    const half = (tick.label.length * 7) / 2;
    const at = px(tick.t);
    if (at - half < Math.max(0, lastRight + 8) || at + half > width) continue;
    ticks.push(tick);
    lastRight = at + half;
  }
  return (
    <>
      <g className="stroke-neutral-200 dark:stroke-neutral-800" strokeWidth={1}>
        {Y_SPLITS.map((v) => (
          <line key={v} x1={MARGIN.left} x2={MARGIN.left + plotWidth} y1={py(v)} y2={py(v)} />
        ))}
        {ticks.map((tick) => (
          <line key={tick.t} x1={px(tick.t)} x2={px(tick.t)} y1={MARGIN.top} y2={MARGIN.top + plotHeight} />
        ))}
      </g>
      <g className="fill-neutral-600 text-xs tabular-nums dark:fill-neutral-400">
        {Y_SPLITS.map((v) => (
          <text key={v} x={MARGIN.left - 6} y={py(v)} textAnchor="end" dominantBaseline="middle">
            {Math.round(v * 100)}%
          </text>
        ))}
        {ticks.map((tick) => (
          <text key={tick.t} x={px(tick.t)} y={height - 6} textAnchor="middle">
            {tick.label}
          </text>
        ))}
      </g>
      {ys.map((line, i) => {
        const colour = LINE_COLOURS[i % LINE_COLOURS.length]!;
        const points = line.flatMap((v, j) =>
          v == null ? [] : [`${px(x[j]!).toFixed(1)} ${py(v).toFixed(1)}`],
        );
        // A single point has no line to draw: a dot shows it.
        if (points.length === 1) {
          const j = line.findIndex((v) => v != null);
          return <circle key={ids[i]} cx={px(x[j]!)} cy={py(line[j]!)} r={2.5} className={colour.fill} />;
        }
        return (
          <path
            key={ids[i]}
            d={`M${points.join('L')}`}
            fill="none"
            className={colour.stroke}
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        );
      })}
    </>
  );
});
