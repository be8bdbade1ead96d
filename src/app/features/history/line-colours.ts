/**
 * The chart's line colours as Tailwind classes for each theme (written out whole so Tailwind finds
 * them): the line's stroke, its crosshair dot's fill and the legend's swatch. Blue, orange, violet,
 * teal: no green or red, which mean up and down here.
 */
export const LINE_COLOURS = [
  {
    stroke: 'stroke-blue-600 dark:stroke-blue-400',
    fill: 'fill-blue-600 dark:fill-blue-400',
    swatch: 'bg-blue-600 dark:bg-blue-400',
  },
  {
    stroke: 'stroke-orange-600 dark:stroke-orange-400',
    fill: 'fill-orange-600 dark:fill-orange-400',
    swatch: 'bg-orange-600 dark:bg-orange-400',
  },
  {
    stroke: 'stroke-violet-600 dark:stroke-violet-400',
    fill: 'fill-violet-600 dark:fill-violet-400',
    swatch: 'bg-violet-600 dark:bg-violet-400',
  },
  {
    stroke: 'stroke-teal-600 dark:stroke-teal-400',
    fill: 'fill-teal-600 dark:fill-teal-400',
    swatch: 'bg-teal-600 dark:bg-teal-400',
  },
] as const;
