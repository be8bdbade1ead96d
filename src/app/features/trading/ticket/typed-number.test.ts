import { describe, expect, it } from 'vitest';
import { typedNumber } from './typed-number';

describe('a number typed into the ticket', () => {
  it('reads decimals, thousands separators, exponents and the field’s own unit', () => {
    expect(typedNumber('12.5')).toBe(12.5);
    expect(typedNumber(' 1,000 ')).toBe(1000);
    expect(typedNumber('1,000.50')).toBe(1000.5);
    expect(typedNumber('12,345,678')).toBe(12_345_678);
    expect(typedNumber('.5')).toBe(0.5);
    expect(typedNumber('5.')).toBe(5);
    expect(typedNumber('1e3')).toBe(1000);
    expect(typedNumber('$20')).toBe(20);
    expect(typedNumber('$ 1,500')).toBe(1500);
    expect(typedNumber('42¢')).toBe(42);
    // The ticket refuses it as not positive.
    expect(typedNumber('-5')).toBe(-5);
  });

  it('refuses what it would have to guess, and what is not a decimal number', () => {
    for (const text of [
      '30,5',
      '1,00',
      '1,0000',
      ',100',
      '1.000,50',
      '0x10',
      '1_000',
      'Infinity',
      '',
      ' ',
      '.',
      '$',
      '-',
      '+5',
      '1e',
      '12a',
    ])
      expect(typedNumber(text), text).toBeNaN();
  });
});
