import type { Book } from '../book';
import type { OrderIn } from '../types';

let counter = 0;

/** A GTC order with sensible defaults; ids are unique unless given. */
export function order(fields: Partial<OrderIn> = {}): OrderIn {
  counter++;
  return {
    id: `o${counter}`,
    maker: 'alice',
    outcome: 0,
    side: 'BUY',
    price: 5000,
    size: 100,
    timeInForce: 'GTC',
    postOnly: false,
    expiration: 0,
    ...fields,
  };
}

/** Everything observable about a book, for before/after comparisons. */
export function state(book: Book) {
  return {
    resting: book.resting().sort((a, b) => a.seq - b.seq),
    levels: [book.levels(0), book.levels(1)],
    best: [book.best(0), book.best(1)],
    nextSeq: book.nextSeq,
  };
}
