import { fellToThreshold } from './low-stock.notifier';

describe('a fall to the low-stock threshold', () => {
  it('is a change from above the threshold to it or below', () => {
    expect(fellToThreshold(6, 5, 5)).toBe(true);
    expect(fellToThreshold(40, 0, 5)).toBe(true);
  });

  it('is not a change that stays above the threshold', () => {
    expect(fellToThreshold(9, 6, 5)).toBe(false);
  });

  it('is not a change of a product already at or below it: it stays low without crossing again', () => {
    expect(fellToThreshold(5, 4, 5)).toBe(false);
    expect(fellToThreshold(3, 0, 5)).toBe(false);
  });

  it('is not a rise, even one that stays at or below the threshold', () => {
    expect(fellToThreshold(2, 4, 5)).toBe(false);
    expect(fellToThreshold(5, 50, 5)).toBe(false);
  });
});
