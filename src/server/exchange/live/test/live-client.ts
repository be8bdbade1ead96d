import WebSocket from 'ws';

/** Every message a test reads: frames that are JSON arrays count message by message. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads whatever it expects
export type Message = any;

/**
 * A test's WebSocket client of a live channel: keeps every message it receives (in order), and how the
 * connection ended.
 */
export class LiveClient {
  readonly messages: Message[] = [];
  /** Text frames that are not JSON (PONG). */
  readonly texts: string[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const text = data.toString();
      if (isBinary) throw new Error('the server sent a binary frame');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        this.texts.push(text);
        this.wake();
        return;
      }
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) this.messages.push(m);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      }),
    );
    ws.on('error', () => {});
  }

  static async open(url: string): Promise<LiveClient> {
    const ws = new WebSocket(url);
    const client = new LiveClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits until `count` messages match (default one), or fails after `ms`; returns them. */
  async until(match: (m: Message) => boolean, count = 1, ms = 5_000): Promise<Message[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.filter(match);
      if (found.length >= count) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.ws.readyState === WebSocket.CLOSED)
        throw new Error(
          `waited for ${count} matching message(s), have ${found.length} of ${this.messages.length}: ${JSON.stringify(this.messages).slice(0, 2000)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for a text frame (PONG). */
  async text(expected: string, ms = 5_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.texts.includes(expected)) {
      if (Date.now() > deadline) throw new Error(`no ${expected}; got ${JSON.stringify(this.texts)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Waits for the connection's end, failing if it stays open `ms`. */
  async ended(ms = 5_000): Promise<{ code: number; reason: string }> {
    return Promise.race([
      this.closed,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the connection stayed open')), ms).unref(),
      ),
    ]);
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
