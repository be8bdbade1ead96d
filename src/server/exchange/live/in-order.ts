import type { ChannelBatch } from './channel-batch';

/**
 * Commit order across processes. Every batch of every process has the next version of the exchange
 * (writer.ts), but their publications reach Redis in no guaranteed order: a batch that arrives ahead of
 * a missing version waits for it, briefly. Not every version is published (an operator's credit counts
 * one too; a process may die between commit and publish), so after `gapWaitMs` the waiting batches go
 * on without it. A batch older than one already delivered is `late`: the channels resynchronise the
 * assets it touched instead of sending its changes out of order.
 */
export class InOrder {
  private last: number | null = null;
  private readonly waiting = new Map<number, ChannelBatch>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deliver: (batch: ChannelBatch) => void,
    private readonly late: (batch: ChannelBatch) => void,
    private readonly gapWaitMs: number,
  ) {}

  receive(batch: ChannelBatch): void {
    if (this.last === null || batch.version === this.last + 1) {
      this.pass(batch);
      this.drain();
    } else if (batch.version <= this.last) {
      this.late(batch);
    } else {
      this.waiting.set(batch.version, batch);
      this.timer ??= setTimeout(() => this.giveUp(), this.gapWaitMs);
    }
  }

  close(): void {
    clearTimeout(this.timer);
  }

  private pass(batch: ChannelBatch): void {
    this.last = batch.version;
    this.deliver(batch);
  }

  private drain(): void {
    for (let next = this.waiting.get(this.last! + 1); next; next = this.waiting.get(this.last! + 1)) {
      this.waiting.delete(next.version);
      this.pass(next);
    }
    if (this.waiting.size === 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  /** The missing version did not come: go on from the oldest batch that did. */
  private giveUp(): void {
    this.timer = undefined;
    if (this.waiting.size === 0) return;
    const oldest = Math.min(...this.waiting.keys());
    const batch = this.waiting.get(oldest)!;
    this.waiting.delete(oldest);
    this.pass(batch);
    this.drain();
    if (this.waiting.size > 0) this.timer ??= setTimeout(() => this.giveUp(), this.gapWaitMs);
  }
}
