import { createLogger } from './logger';

describe('the logger', () => {
  it('writes each level to the console under its scope', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logger = createLogger('cart');
    logger.info('Cart loaded');
    logger.warn('Merge failed', { status: 409 });
    logger.error('Lost', 'boom');
    expect(info).toHaveBeenCalledWith('[cart] Cart loaded');
    expect(warn).toHaveBeenCalledWith('[cart] Merge failed', { status: 409 });
    expect(error).toHaveBeenCalledWith('[cart] Lost', 'boom');
  });

  it('leaves out a detail that was not given, so the line reads alone', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    createLogger('api').warn('No response');
    expect(warn.mock.calls[0]).toEqual(['[api] No response']);
  });
});
