import { describe, expect, it } from 'vitest';
import { creditsNote } from './figures';

describe('where the paper money came from', () => {
  const grant = { amount: '1000', reason: 'grant' as const, created_at: 1 };
  const topUp = { amount: '250', reason: 'fund' as const, created_at: 2 };
  it('names the grant and counts the operator’s top-ups', () => {
    expect(creditsNote([grant])).toBe('Starting grant of paper money');
    expect(creditsNote([grant, topUp, topUp])).toBe('Starting grant + 2 top-ups');
    // A server started with no grant: only what its operator added, or nothing yet.
    expect(creditsNote([topUp])).toBe('1 top-up from the operator');
    expect(creditsNote([])).toBe('None yet');
  });
});
