import { growthPercent, percentOf } from './growth';

describe('growth percent', () => {
  it('is (current - previous) / previous * 100 to one decimal', () => {
    expect(growthPercent(1550, 650)).toBe(138.5);
    expect(growthPercent(4, 3)).toBe(33.3);
    expect(growthPercent(450, 500)).toBe(-10);
  });

  it('is 0 when there is no previous figure', () => {
    expect(growthPercent(10, 0)).toBe(0);
    expect(growthPercent(10, null)).toBe(0);
    expect(growthPercent(10, undefined)).toBe(0);
  });
});

describe('percent of a whole', () => {
  it('rounds to a whole percent', () => {
    expect(percentOf(6, 13)).toBe(46);
    expect(percentOf(1, 13)).toBe(8);
  });

  it('is 0 of nothing', () => {
    expect(percentOf(0, 0)).toBe(0);
  });
});
