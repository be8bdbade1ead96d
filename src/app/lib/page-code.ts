/**
 * A page's code that could not be downloaded: the server or the connection is away, or a new build
 * renamed its files. The router answers such an error by reloading the document once, which is right
 * after a new build but, with the server away, lands the tab on the browser's own error page and drops
 * everything in it (a trading session included). So the error is marked as it passes (Vite's
 * `vite:preloadError`, which every split page's import goes through): marked, the router shows the
 * page's error state instead, whose retry downloads the code again (browsers try a failed import again).
 */
const MARK = 'Page code not downloaded: ';

export function markPageCodeErrors(target: Window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    // The same object is thrown on: its message is what the router reads.
    if (error instanceof Error && !error.message.startsWith(MARK)) error.message = `${MARK}${error.message}`;
  });
}

export function isPageCodeError(error: unknown): error is Error {
  return error instanceof Error && error.message.startsWith(MARK);
}

/** Whether the page's own address answers now: then a page still failing is from an older build. */
export async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}
