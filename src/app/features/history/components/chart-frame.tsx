import type { ReactNode } from 'react';

/** The plot's height (px): fixed, the same in the skeleton, so nothing moves when it draws (CLS 0). */
export const PLOT_HEIGHT = 224;

/**
 * The chart section's layout, shared by the skeleton and the chart: a heading row, one legend row
 * per line, a readout row and the plot, each of a fixed height.
 */
export function ChartFrame({
  heading,
  controls,
  legend,
  readout,
  plot,
}: {
  heading: ReactNode;
  controls: ReactNode;
  legend: ReactNode;
  readout: ReactNode;
  plot: ReactNode;
}) {
  return (
    <section
      aria-labelledby="chart-heading"
      className="space-y-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
    >
      <div className="flex h-9 items-center justify-between gap-2">
        {heading}
        {controls}
      </div>
      {legend}
      <div className="relative h-5 truncate text-xs text-neutral-600 tabular-nums dark:text-neutral-400">
        {readout}
      </div>
      <div className="h-56">{plot}</div>
    </section>
  );
}

export const chartHeading = (
  <h2 id="chart-heading" className="min-w-0 truncate text-base font-semibold sm:text-lg">
    Chance over time
  </h2>
);
