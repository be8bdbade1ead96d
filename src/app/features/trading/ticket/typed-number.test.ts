import { describe, expect, it } from 'vitest';
import { typedHundredths, typedNumber } from './typed-number';

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

  it('counts hundredths from the digits typed, which binary fractions cannot hold exactly', () => {
    // 10.12 * 100 is 1011.9999999999999: a trial saw these refused as "not in hundredths".
    for (const [text, hundredths] of [
      ['10.12', 1012],
      ['1.13', 113],
      ['64.93', 6493],
      ['16.08', 1608],
      ['1,000.5', 100050],
      ['5.', 500],
      ['.5', 50],
      ['1e3', 100000],
      ['1.5e-1', 15],
      ['0.010', 1],
      ['$20', 2000],
    ] as const)
      expect(typedHundredths(text), text).toBe(hundredths);
    for (let cents = 1; cents <= 10_000; cents++)
      expect(typedHundredths((cents / 100).toFixed(2))).toBe(cents);
    for (const text of ['10.125', '0.001', '1e-3', '1e400', '30,5', 'abc', ''])
      expect(typedHundredths(text), text).toBeNull();
  });
});
