import { type RefObject, useEffect } from 'react';

/**
 * Keyboard focus across a control that goes away when pressed ("Connect a wallet", "Sign to start a
 * session"): the browser drops the focus to the page's body, and the next Tab starts again from the top.
 * The control's handler hands the focus off; what replaces it takes it when it appears.
 */
let handedOffAt = 0;
const HAND_OFF_MS = 60_000;

/** Called by a control the reader pressed that its own result will replace. */
export function handOffFocus(): void {
  handedOffAt = Date.now();
}

/**
 * Takes a handed-off focus once `ready` (the element is there to take it), unless the reader has put
 * the focus somewhere else meanwhile. A page that loads with no hand-off keeps its focus where it is.
 */
export function useTakeFocus(ref: RefObject<HTMLElement | null>, ready = true): void {
  useEffect(() => {
    if (!ready || handedOffAt === 0) return;
    const recent = Date.now() - handedOffAt < HAND_OFF_MS;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (recent && lost && ref.current) {
      ref.current.focus();
      handedOffAt = 0;
    } else if (!recent || !lost) handedOffAt = 0;
  }, [ready, ref]);
}
