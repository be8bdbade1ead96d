/**
 * The chart's line colours, light and dark theme (canvas strokes), with the legend swatch's
 * Tailwind classes (written out whole so Tailwind finds them). Blue, orange, violet, teal: no
 * green or red, which mean up and down here.
 */
export const LINE_COLOURS = [
  { light: '#2563eb', dark: '#60a5fa', swatch: 'bg-blue-600 dark:bg-blue-400' },
  { light: '#ea580c', dark: '#fb923c', swatch: 'bg-orange-600 dark:bg-orange-400' },
  { light: '#7c3aed', dark: '#a78bfa', swatch: 'bg-violet-600 dark:bg-violet-400' },
  { light: '#0d9488', dark: '#2dd4bf', swatch: 'bg-teal-600 dark:bg-teal-400' },
] as const;
