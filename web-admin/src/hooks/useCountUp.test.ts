import { COUNT_UP_STEP_MS, COUNT_UP_STEPS, countUpValue } from './useCountUp';

describe('the counter animation', () => {
  it('runs 100 steps of 20 ms', () => {
    expect(COUNT_UP_STEPS).toBe(100);
    expect(COUNT_UP_STEP_MS).toBe(20);
  });

  it('starts at 0, moves in whole numbers and ends exactly on the value', () => {
    expect(countUpValue(1299.5, 0)).toBe(0);
    expect(countUpValue(1299.5, 50)).toBe(649);
    expect(countUpValue(1299.5, 99)).toBe(1286);
    expect(countUpValue(1299.5, 100)).toBe(1299.5);
  });
});
