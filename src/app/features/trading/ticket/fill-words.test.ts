import { expect, it } from 'vitest';
import { fillWords } from './fill-words';

const market = { tokens: ['t-yes', 't-no'], names: ['Yes', 'No'] } as const;
const at = new Date(2026, 11, 1, 21, 45);
const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

it('tells a fill of a resting order by what it did, in the outcome’s name, at the book’s price', () => {
  expect(
    fillWords([{ orderId: 'a', assetId: 't-no', side: 'SELL', size: 12.5, price: 6150 }], market, at),
  ).toBe(`At ${time}, your resting order sold 12.5 No at 61.5¢.`);
});

it('tells every resting order one trade filled', () => {
  const fills = [
    { orderId: 'a', assetId: 't-yes', side: 'BUY', size: 4, price: 2000 },
    { orderId: 'b', assetId: 't-yes', side: 'BUY', size: 1000, price: 2100 },
  ] as const;
  expect(fillWords([...fills], market, at)).toBe(
    `At ${time}, your resting orders bought 4 Yes at 20¢ and bought 1,000 Yes at 21¢.`,
  );
});
