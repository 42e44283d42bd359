import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './useDebouncedValue';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the first value until the new one has stood for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: 'la' },
    });
    rerender({ value: 'lany' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('la');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('lany');
  });

  it('restarts the wait on every change, so only the last value arrives', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: 'l' },
    });
    rerender({ value: 'la' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'lan' });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe('l');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('lan');
  });
});
