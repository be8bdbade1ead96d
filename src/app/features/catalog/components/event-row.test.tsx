import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import kraken from '../../../../../fixtures/gamma/events-bobaoxu2001-kraken-macron.json';
import nba from '../../../../../fixtures/gamma/events-alfagov-nba-2890-closed.json';
import { asEvent, makeEvent, renderInApp, XSS_TITLE } from '../../../test/render';
import { EventList } from './event-list';

describe('EventList', () => {
  it('shows title (linking to the event), leading probability, compact money, tags', async () => {
    renderInApp(<EventList events={[makeEvent()]} />);
    const link = await screen.findByRole('link', { name: 'Will it rain tomorrow?' });
    expect(link).toHaveAttribute('href', '/e/will-it-rain');
    const row = link.closest('li')!;
    expect(within(row).getByText('62.0%')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    expect(within(row).getByText('$1.2M')).toBeInTheDocument();
    expect(within(row).getByText('$45K')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Weather' })).toHaveAttribute('href', '/tags/7');
    expect(within(row).queryByText('Closed')).toBeNull();
  });

  it('shows the leading outcome’s 24-hour change with an arrow and a sentence, not colour alone', async () => {
    const market = makeEvent().markets[0]!;
    const rising = makeEvent({ markets: [{ ...market, oneDayPriceChange: 0.041 }] });
    const falling = makeEvent({
      id: '2',
      slug: 'will-it-snow',
      title: 'Will it snow?',
      // No is likelier (0.8), but a Yes/No question shows its Yes chance and Yes's change.
      markets: [{ ...market, outcomePrices: '["0.2","0.8"]', oneDayPriceChange: -0.003 }],
    });
    const quiet = makeEvent({ id: '3', slug: 'quiet', title: 'Quiet?' });
    const ended = makeEvent({
      id: '4',
      slug: 'ended',
      title: 'Ended?',
      closed: true,
      markets: [{ ...market, oneDayPriceChange: 0.017 }],
    });
    renderInApp(<EventList events={[rising, falling, quiet, ended]} />);
    const row = (name: string) => screen.getByRole('link', { name }).closest('li')!;
    await screen.findByRole('link', { name: 'Quiet?' });
    expect(within(row('Will it rain tomorrow?')).getByText('▲ 4.1')).toHaveAttribute('aria-hidden', 'true');
    expect(
      within(row('Will it rain tomorrow?')).getByText(', up 4.1 points in 24 hours'),
    ).toBeInTheDocument();
    expect(within(row('Will it snow?')).getByText('20.0%')).toBeInTheDocument();
    expect(within(row('Will it snow?')).getByText('Yes')).toBeInTheDocument();
    expect(within(row('Will it snow?')).queryByText('80.0%')).toBeNull();
    expect(within(row('Will it snow?')).getByText('▼ 0.3')).toBeInTheDocument();
    expect(within(row('Will it snow?')).getByText(', down 0.3 points in 24 hours')).toBeInTheDocument();
    expect(row('Quiet?').textContent).not.toMatch(/[▲▼]|24 hours/);
    // An ended event's last day is no move to watch.
    expect(row('Ended?').textContent).not.toMatch(/[▲▼]|24 hours/);
  });

  it('leads a question of several answers with its likeliest answer, named; a game with its own question', async () => {
    const market = makeEvent().markets[0]!;
    const answers = makeEvent({
      title: 'US unemployment rate in December?',
      markets: [
        { ...market, id: '11', negRisk: true, groupItemTitle: '4.6%', outcomePrices: '["0.1","0.9"]' },
        { ...market, id: '12', negRisk: true, groupItemTitle: '4.5%', outcomePrices: '["0.85","0.15"]' },
      ],
    });
    // Dates of one question are Yes/No markets too, not a group: still the likeliest, by its name.
    const dates = makeEvent({
      id: '3',
      slug: 'kraken-ipo',
      title: 'Kraken IPO by ___?',
      markets: [
        { ...market, id: '31', groupItemTitle: 'December 31', outcomePrices: '["0.035","0.965"]' },
        { ...market, id: '32', groupItemTitle: 'October 31, 2027', outcomePrices: '["0.813","0.187"]' },
      ],
    });
    const game = makeEvent({
      id: '2',
      slug: 'magic-76ers',
      title: 'Magic vs. 76ers',
      markets: [
        {
          ...market,
          id: '21',
          question: 'Magic vs. 76ers',
          outcomes: '["Magic","76ers"]',
          outcomePrices: '["0.4","0.6"]',
        },
        {
          ...market,
          id: '22',
          question: 'Spread: Magic (-4.5)',
          outcomes: '["Magic","76ers"]',
          outcomePrices: '["0.71","0.29"]',
        },
      ],
    });
    renderInApp(<EventList events={[answers, game, dates]} />);
    const row = (name: string) => screen.getByRole('link', { name }).closest('li')!;
    await screen.findByRole('link', { name: 'Magic vs. 76ers' });
    const lead = (name: string) => row(name).querySelector('.text-xl')!.parentElement!.textContent;
    expect(lead('US unemployment rate in December?')).toBe('85.0%4.5%');
    // Not the spread's 71% for Magic: who wins is the game's own question.
    expect(lead('Magic vs. 76ers')).toBe('60.0%76ers');
    expect(lead('Kraken IPO by ___?')).toBe('81.3%October 31, 2027');
  });

  it('renders the real list export (grouped events, closed and placeholder markets) with top markets', async () => {
    renderInApp(<EventList events={kraken.map(asEvent)} />);
    const link = await screen.findByRole('link', { name: 'Kraken IPO by ___ ?' });
    const row = link.closest('li')!;
    const top = within(row).getByRole('list', { name: 'Top markets' });
    // At most three markets, priced ones first; the placeholder (no prices) is never ranked above them.
    expect(within(top).getAllByRole('listitem').length).toBeLessThanOrEqual(3);
    expect(screen.getByRole('link', { name: 'Macron out by...?' })).toHaveAttribute(
      'href',
      '/e/macron-out-in-2025',
    );
  });

  it('lists an open event’s open markets only: a date already past is its history', async () => {
    const market = makeEvent().markets[0]!;
    const rung = (id: string, name: string, yes: string, closed: boolean) => ({
      ...market,
      id,
      groupItemTitle: name,
      outcomePrices: JSON.stringify([yes, String(1 - Number(yes))]),
      closed,
    });
    const open = makeEvent({
      title: 'Helio Pay IPO by ___?',
      markets: [
        rung('1', 'October 31', '0', true),
        rung('2', 'November 8', '0', true),
        rung('3', 'December 31', '0.2', false),
        rung('4', 'March 31', '0.45', false),
      ],
    });
    renderInApp(<EventList events={[open]} />);
    const row = (await screen.findByRole('link', { name: 'Helio Pay IPO by ___?' })).closest('li')!;
    const top = within(row).getByRole('list', { name: 'Top markets' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['March 31Yes 45.0%', 'December 31Yes 20.0%']);
  });

  it('badges a closed event and shows a long-shot price as <0.1%', async () => {
    renderInApp(<EventList events={[asEvent(nba)]} />);
    const link = await screen.findByRole('link', { name: /Mavericks beat the Grizzlies/ });
    const row = link.closest('li')!;
    expect(within(row).getByText('Closed')).toBeInTheDocument();
    // Its Yes chance, though No (>99.9%) is the likelier: a Yes/No question reads as its Yes chance.
    expect(within(row).getByText('<0.1%')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
  });

  it('renders hostile text as text and refuses script image URLs', async () => {
    const event = makeEvent({
      title: XSS_TITLE,
      image: 'javascript:alert(1)',
      tags: [{ id: '9', label: '<img src=x onerror=alert(1)>', slug: 'x' }],
    });
    const { container } = renderInApp(<EventList events={[event]} />);
    expect(await screen.findByRole('link', { name: XSS_TITLE })).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });

  it('survives malformed markets (read as the app reads answers): shows the event without a price', async () => {
    const event = asEvent(
      makeEvent({
        markets: [
          null as never,
          'junk' as never,
          {
            id: '1',
            question: 'Broken?',
            conditionId: '0x1',
            outcomes: 'not json',
            outcomePrices: '[',
            clobTokenIds: [],
          } as never,
        ],
      }),
    );
    renderInApp(<EventList events={[event]} />);
    const row = (await screen.findByRole('link', { name: 'Will it rain tomorrow?' })).closest('li')!;
    expect(within(row).getByText('no price')).toBeInTheDocument();
    expect(within(row).getByText('—')).toBeInTheDocument();
  });
});
