import { createQueryClient } from './query';

describe('the query client', () => {
  it('neither retries a failed query nor mutation, nor refetches on window focus', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
  });

  it('keeps an answer fresh for 30 seconds', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(30_000);
  });

  it('sends requests while the browser says it is offline, and asks again when it is back', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.networkMode).toBe('always');
    expect(mutations?.networkMode).toBe('always');
    expect(queries?.refetchOnReconnect).toBe(true);
  });
});
