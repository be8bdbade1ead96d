import { describe, expect, it } from 'vitest';
import fed from '../../../../fixtures/gamma/events-thabris-fed-september-negrisk.json';
import { asEvent, makeEvent, pricedMarket } from '../../test/render';
import { formatChange } from '../../lib/format';
import { chartLines } from './chart-lines';
import { liveSources } from './live-lines';
import { alignHistories, changePoints, describeLine, valueAt, withLiveTail } from './line-summary';

const market = (outcomes: string[], prices: string[], tokens: string[], question = 'Q?') =>
  pricedMarket(question, outcomes, prices, tokens);

describe('chartLines', () => {
  it('draws a Yes/No market as its Yes line', () => {
    const lines = chartLines(makeEvent({ markets: [market(['Yes', 'No'], ['0.3', '0.7'], ['y', 'n'])] }));
    expect(lines).toEqual([{ tokenId: 'y', label: 'Yes', price: 0.3 }]);
  });

  it('follows the book of a tradable market only, the second outcome as the mirror of the first', () => {
    const binary = market(['Up', 'Down'], ['0.3', '0.7'], ['u', 'd']);
    const lines = chartLines(makeEvent({ markets: [binary] }));
    expect(lines.map((l) => l.label)).toEqual(['Down', 'Up']);
    expect(liveSources(lines, [binary])).toEqual([
      { bookToken: 'u', mirrored: true },
      { bookToken: 'u', mirrored: false },
    ]);
    expect(liveSources(lines, [{ ...binary, closed: true }])).toEqual([null, null]);
    expect(liveSources(lines, [])).toEqual([null, null]);
  });

  it('puts the live price at the end of each line that has one', () => {
    const histories = [[{ t: 100, p: 0.5 }], [{ t: 100, p: 0.2 }], [{ t: 300, p: 0.1 }]];
    expect(withLiveTail(histories, [0.55, null, 0.3], 200)).toEqual([
      [
        { t: 100, p: 0.5 },
        { t: 200, p: 0.55 },
      ],
      [{ t: 100, p: 0.2 }],
      [{ t: 300, p: 0.1 }],
    ]);
  });

  it('draws a single market’s outcomes by price, four at most', () => {
    const names = ['A', 'B', 'C', 'D', 'E'];
    const lines = chartLines(
      makeEvent({
        markets: [
          market(
            names,
            ['0.1', '0.3', '0.05', '0.25', '0.3'],
            names.map((n) => n.toLowerCase()),
          ),
        ],
      }),
    );
    expect(lines.map((l) => l.label)).toEqual(['B', 'E', 'D', 'A']);
  });

  it('draws a multi-market event as its markets’ Yes lines, highest first, named by their short names', () => {
    const event = asEvent(fed);
    const lines = chartLines(event);
    expect(lines.length).toBe(Math.min(4, event.markets.length));
    expect(lines.map((l) => l.price)).toEqual([...lines.map((l) => l.price)].sort((a, b) => b - a));
    // The Fed's questions share "… after the September 2026 meeting?": each line is named by
    // what tells it apart ("50+ bps decrease"), as the catalog's groupItemTitle has it.
    expect(event.markets.map((m) => m.groupItemTitle)).toContain(lines[0]!.label);
    expect(new Set(lines.map((l) => l.label)).size).toBe(lines.length);
  });

  it('draws one market of a game, its own question or the book’s, naming the outcome first', () => {
    const event = makeEvent({
      markets: [
        market(['Hawks', 'Nets'], ['0.942', '0.058'], ['h', 'n'], 'Hawks vs. Nets'),
        market(['Hawks', 'Nets'], ['0.086', '0.914'], ['h2', 'n2'], 'Spread: Hawks (-17.5)'),
        market(['Over', 'Under'], ['0.3', '0.7'], ['o', 'u'], 'Hawks vs. Nets: O/U 221.5'),
      ],
    });
    // A spread's 91% beside the winner's 94% says nothing: the game's own question, both sides.
    expect(chartLines(event).map((l) => [l.label, l.price])).toEqual([
      ['Hawks', 0.942],
      ['Nets', 0.058],
    ]);
    // The book's market, its name after each outcome (a phone's legend cuts the end, not the side),
    // less the game's question it repeats; a spread's name has none.
    expect(chartLines(event, event.markets[2]!.id).map((l) => [l.label, l.tokenId])).toEqual([
      ['Under · O/U 221.5', 'u'],
      ['Over · O/U 221.5', 'o'],
    ]);
    expect(chartLines(event, event.markets[1]!.id).map((l) => l.label)).toEqual([
      'Nets · Spread: Hawks (-17.5)',
      'Hawks · Spread: Hawks (-17.5)',
    ]);
    // A market id the event does not have: its own question.
    expect(chartLines(event, 'elsewhere').map((l) => l.tokenId)).toEqual(['h', 'n']);
  });

  it('leaves out outcomes without a price or a token', () => {
    expect(chartLines(makeEvent({ markets: [market(['Yes', 'No'], ['x', '0.7'], ['y', 'n'])] }))).toEqual([]);
    expect(chartLines(makeEvent({ markets: [market(['Yes', 'No'], ['0.3', '0.7'], [])] }))).toEqual([]);
  });
});

describe('line summaries', () => {
  it('reads a line between its points as its last price, and nothing before its first', () => {
    const ys = [null, 0.5, null, null, 0.7];
    expect([0, 1, 2, 3, 4].map((i) => valueAt(ys, i))).toEqual([null, 0.5, 0.5, 0.5, 0.7]);
    expect(valueAt(ys, 9)).toBe(0.7);
  });

  it('aligns histories on the union of their times', () => {
    expect(
      alignHistories([
        [
          { t: 1, p: 0.1 },
          { t: 3, p: 0.3 },
        ],
        [{ t: 2, p: 0.5 }],
      ]),
    ).toEqual({
      x: [1, 2, 3],
      ys: [
        [0.1, null, 0.3],
        [null, 0.5, null],
      ],
    });
  });

  it('measures and words the change over the range', () => {
    const line = { tokenId: 'y', label: 'Yes', price: 0.536 };
    expect(changePoints([{ t: 1, p: 0.5 }])).toBeNull();
    expect(
      changePoints([
        { t: 1, p: 0.495 },
        { t: 2, p: 0.536 },
      ]),
    ).toBe(4.1);
    expect(
      describeLine(
        line,
        [
          { t: 1, p: 0.526 },
          { t: 2, p: 0.536 },
        ],
        '1d',
        false,
        2,
      ),
    ).toBe('Yes 53.6%, up 1.0 point today');
    expect(
      describeLine(
        line,
        [
          { t: 1, p: 0.6 },
          { t: 2, p: 0.536 },
        ],
        '1m',
        false,
        2,
      ),
    ).toBe('Yes 53.6%, down 6.4 points this month');
    expect(
      describeLine(
        line,
        [
          { t: 1, p: 0.536 },
          { t: 2, p: 0.536 },
        ],
        'all',
        false,
        2,
      ),
    ).toBe('Yes 53.6%, unchanged since trading began');
    // A history that ended months ago (a closed market): its week is its last one, not this one.
    const ended = [
      { t: 1_755_000_000, p: 0.977 },
      { t: 1_755_600_000, p: 1 },
    ];
    expect(describeLine({ ...line, price: 1 }, ended, '1w', false, 1_795_000_000)).toBe(
      'Yes 100.0%, up 2.3 points in its last week',
    );
    expect(describeLine(line, undefined, '1w')).toBe('Yes 53.6%, history loading');
    expect([formatChange(4.1), formatChange(-0.04), formatChange(-12)]).toEqual(['▲ 4.1', '0.0', '▼ 12.0']);
  });
});
