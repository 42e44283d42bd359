import { roundToWholeRupees, toPaise, toRupees } from './money';

describe('money', () => {
  it('converts rupees to integer paise without floating-point drift', () => {
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toRupees(1999)).toBe(19.99);
  });

  it('rounds to whole rupees at checkout, half up', () => {
    expect(roundToWholeRupees(123450)).toBe(123500);
    expect(roundToWholeRupees(123449)).toBe(123400);
  });

  it('refuses an amount that is not a number', () => {
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
  });
});
