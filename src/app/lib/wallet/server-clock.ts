import { ClobError } from './clob-request';

/**
 * How far the server's clock may be from this computer's before the page refuses to sign: a forged
 * or intercepted /time (or SVC_SERVER_TIME) could otherwise get the wallet to sign an authorisation
 * dated far ahead, which whoever holds it could use later. Real clocks are seconds apart.
 */
export const MAX_CLOCK_SKEW_SECONDS = 10 * 60;

/** The server's and this computer's clocks disagree by more than MAX_CLOCK_SKEW_SECONDS. */
export class ClockSkewError extends Error {
  override readonly name = 'ClockSkewError';
  /** Server minus local, in seconds. */
  constructor(readonly offsetSeconds: number) {
    super(`Server and local clocks differ by ${offsetSeconds} s`);
  }
}

/**
 * The server's clock as this page sees it. L1 timestamps must be within 300 s (past) / 30 s (future)
 * of server time and L2 within 60 s (docs/api.md §2, §3), so a computer whose clock drifts would fail
 * every signature: the page asks GET /time once, keeps the offset, and corrects it from
 * SVC_SERVER_TIME when the server says a timestamp was out of range.
 */
export class ServerClock {
  private offsetSeconds: number | undefined;

  constructor(
    private readonly fetchServerTime: () => Promise<number>,
    private readonly localMs: () => number = () => Date.now(),
  ) {}

  get isSynced(): boolean {
    return this.offsetSeconds !== undefined;
  }

  /** Server minus local, in whole seconds (positive: the server is ahead). */
  get offset(): number {
    return this.offsetSeconds ?? 0;
  }

  /** Asks the server; the answer is taken as of the middle of the round trip. */
  async sync(): Promise<void> {
    const before = this.localMs();
    const server = await this.fetchServerTime();
    const after = this.localMs();
    this.offsetSeconds = Math.round(server - (before + after) / 2000);
  }

  /** Uses a server time the server just reported (SVC_SERVER_TIME). */
  correctFrom(serverTime: number): void {
    this.offsetSeconds = Math.round(serverTime - this.localMs() / 1000);
  }

  /**
   * Server time now, in unix seconds, to sign with; syncs first if it never has. Throws
   * ClockSkewError when the server's time is too far from this computer's to be trusted.
   */
  async now(): Promise<number> {
    if (this.offsetSeconds === undefined) await this.sync();
    if (Math.abs(this.offset) > MAX_CLOCK_SKEW_SECONDS) throw new ClockSkewError(this.offset);
    return Math.floor(this.localMs() / 1000) + this.offset;
  }
}

/**
 * Runs a signed request with the server's time. If the server refuses that time
 * (TIMESTAMP_OUT_OF_RANGE: this computer's clock drifted since the page synced), the clock is
 * corrected from the server's answer (SVC_SERVER_TIME, else a new sync) and the request is signed
 * and sent once more; `onCorrected` hears by how many seconds first. A second refusal is thrown.
 */
export async function withServerTime<T>(
  clock: ServerClock,
  signAndSend: (serverNow: number) => Promise<T>,
  onCorrected?: (bySeconds: number) => void,
): Promise<T> {
  try {
    return await signAndSend(await clock.now());
  } catch (error) {
    if (!(error instanceof ClobError) || error.code !== 'TIMESTAMP_OUT_OF_RANGE') throw error;
    const before = clock.offset;
    if (error.serverTime !== undefined) clock.correctFrom(error.serverTime);
    else await clock.sync();
    onCorrected?.(clock.offset - before);
    return signAndSend(await clock.now());
  }
}
