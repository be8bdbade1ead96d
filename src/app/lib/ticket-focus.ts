/**
 * The trade ticket's first control (Buy), focused and scrolled into view: the `t` shortcut, and a market
 * card's Trade button once its book is shown. False where no ticket is on the page (yet).
 */
export function focusTicket(): boolean {
  const control = document.querySelector<HTMLElement>(
    '[data-trade-ticket] :is(button, input, select, a[href]):not(:disabled)',
  );
  control?.focus();
  control?.scrollIntoView({ block: 'center' });
  return control !== null;
}
