import { growthPercent } from './growth';

describe('the growth percent rule', () => {
  it('is (current - previous) / previous * 100', () => {
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(50, 100)).toBe(-50);
  });

  it('rounds to 1 decimal', () => {
    expect(growthPercent(4, 3)).toBe(33.3);
    expect(growthPercent(2, 3)).toBe(-33.3);
    expect(growthPercent(1001, 1000)).toBe(0.1);
  });

  it('is 0 when the previous figure is 0, null or missing', () => {
    expect(growthPercent(500, 0)).toBe(0);
    expect(growthPercent(500, null)).toBe(0);
    expect(growthPercent(500, undefined)).toBe(0);
  });
});
