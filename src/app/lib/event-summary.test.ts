import { describe, expect, it } from 'vitest';
import { makeEvent, pricedMarket as market } from '../test/render';
import { mainMarket, marketsInOrder } from './event-summary';

describe('the order of an event’s markets', () => {
  it('keeps a game’s markets as listed: its own question, then each measure’s lines in turn', () => {
    const game = makeEvent({
      markets: [
        market('Hawks vs. Nets', ['Hawks', 'Nets'], ['0.6', '0.4']),
        market('Spread: Hawks (-1.5)', ['Hawks', 'Nets'], ['0.55', '0.45']),
        market('Spread: Hawks (-4.5)', ['Hawks', 'Nets'], ['0.45', '0.55']),
        market('Hawks vs. Nets: O/U 210.5', ['Over', 'Under'], ['0.7', '0.3']),
      ],
    });
    expect(marketsInOrder(game.markets).map((v) => v.market.question)).toEqual(
      game.markets.map((m) => m.question),
    );
    expect(mainMarket(game)?.market.question).toBe('Hawks vs. Nets');
  });

  it('lists the answers of one question likeliest first, and sums the event up by the likeliest', () => {
    const fed = makeEvent({
      markets: [
        market('Cut?', ['Yes', 'No'], ['0.2', '0.8']),
        market('Hold?', ['Yes', 'No'], ['0.7', '0.3']),
        market('Hike?', ['Yes', 'No'], ['0.1', '0.9']),
      ],
    });
    expect(marketsInOrder(fed.markets).map((v) => v.market.question)).toEqual(['Hold?', 'Cut?', 'Hike?']);
    expect(mainMarket(fed)?.market.question).toBe('Hold?');
  });
});
