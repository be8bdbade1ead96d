import { describe, expect, it } from 'vitest';
import { marketName } from './market-name';

describe('marketName', () => {
  it('is the short name in the group, else the question, never undefined text', () => {
    expect(marketName({ groupItemTitle: ' 3.5% ', question: 'Will inflation be 3.5%?' })).toBe('3.5%');
    expect(marketName({ groupItemTitle: '', question: ' Will it rain? ' })).toBe('Will it rain?');
    expect(marketName({ groupItemTitle: null, question: 'Will it rain?' })).toBe('Will it rain?');
    expect(marketName({})).toBe('');
  });
});
