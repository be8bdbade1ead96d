/**
 * The server's clock for the authentication windows, in one replaceable place so tests can pin
 * the time at a window edge without faking timers for the database as well.
 */
export const serverClock = {
  nowMs: (): number => Date.now(),
};

export function serverSeconds(): number {
  return Math.floor(serverClock.nowMs() / 1000);
}
