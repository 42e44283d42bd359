import {
  cancelledFailure,
  failureFromResponse,
  failureMessage,
  isApiFailure,
  networkFailure,
  requestFailure,
} from './api-failure';

describe('reading an error response into the one error shape (specs, section 8)', () => {
  it('takes the message from message first', () => {
    expect(failureFromResponse(400, { message: 'first', error: 'second' }).message).toBe('first');
  });

  it('falls back to error when there is no message', () => {
    expect(failureFromResponse(400, { error: 'from error' }).message).toBe('from error');
  });

  it('skips a blank message for the next source', () => {
    expect(failureFromResponse(400, { message: '  ', error: 'from error' }).message).toBe('from error');
    expect(failureFromResponse(400, { message: '', error: ' ' }).message).toBe('An error occurred');
  });

  it("says 'An error occurred' with no field errors when the body is not an object", () => {
    for (const body of ['plain text', null, undefined, 42]) {
      expect(failureFromResponse(502, body)).toEqual({
        success: false,
        status: 502,
        message: 'An error occurred',
        errors: [],
      });
    }
  });

  it('keeps the status it was given', () => {
    expect(failureFromResponse(404, { message: 'Product not found' })).toEqual({
      success: false,
      status: 404,
      message: 'Product not found',
      errors: [],
    });
  });

  it('passes on the field errors', () => {
    const errors = [{ field: 'name', message: 'Product name is required' }];
    expect(failureFromResponse(400, { message: 'Product name is required', errors }).errors).toEqual(errors);
  });

  it('gives no field errors when errors is not a list', () => {
    expect(failureFromResponse(400, { message: 'x', errors: 'email' }).errors).toEqual([]);
  });

  it('passes on error and the details list of registration failures', () => {
    const body = {
      success: false,
      status: 400,
      message: 'Email is required',
      error: 'Email is required',
      errors: [{ field: 'email', message: 'Email is required' }],
      details: ['Email is required', 'Password must be at least 8 characters long'],
    };
    expect(failureFromResponse(400, body)).toEqual(body);
  });

  it('adds no error or details when the body has none', () => {
    const failure = failureFromResponse(400, { message: 'x' });
    expect('error' in failure).toBe(false);
    expect('details' in failure).toBe(false);
  });
});

describe('the failures a client makes itself', () => {
  it("is NETWORK_ERROR with 'Network error. Please check your connection.' when no answer came", () => {
    expect(networkFailure()).toEqual({
      success: false,
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your connection.',
      errors: [],
    });
  });

  it('is REQUEST_ERROR with the cause as message when the request could not be set up', () => {
    expect(requestFailure(new Error('storage is disabled'))).toEqual({
      success: false,
      status: 0,
      code: 'REQUEST_ERROR',
      message: 'storage is disabled',
      errors: [],
    });
  });

  it("is REQUEST_ERROR with 'An error occurred' when the cause has no message", () => {
    expect(requestFailure(new Error('')).message).toBe('An error occurred');
    expect(requestFailure('not an error').message).toBe('An error occurred');
  });

  it('is CANCELLED when the caller withdrew the request', () => {
    expect(cancelledFailure()).toEqual({
      success: false,
      status: 0,
      code: 'CANCELLED',
      message: 'Request cancelled',
      errors: [],
    });
  });
});

describe('recognising a failure', () => {
  it('is true for anything with success false', () => {
    expect(isApiFailure(failureFromResponse(400, {}))).toBe(true);
    expect(isApiFailure(networkFailure())).toBe(true);
  });

  it('is false for errors, successes and non-objects', () => {
    expect(isApiFailure(new Error('boom'))).toBe(false);
    expect(isApiFailure({ success: true })).toBe(false);
    expect(isApiFailure(null)).toBe(false);
    expect(isApiFailure('failed')).toBe(false);
  });
});

describe('the message a screen shows', () => {
  it("is the server's text when it gave one", () => {
    expect(
      failureMessage(failureFromResponse(401, { message: 'Invalid email or password' }), 'Login failed'),
    ).toBe('Invalid email or password');
  });

  it("is the screen's default when the server gave none", () => {
    expect(failureMessage(failureFromResponse(400, {}), 'Login failed')).toBe('Login failed');
  });

  it("is the screen's default when the server was not reached or the request never left", () => {
    expect(failureMessage(networkFailure(), 'Login failed')).toBe('Login failed');
    expect(failureMessage(requestFailure(new Error('storage is disabled')), 'Login failed')).toBe(
      'Login failed',
    );
    expect(failureMessage(cancelledFailure(), 'Login failed')).toBe('Login failed');
  });

  it("is the screen's default for anything that is not a failure", () => {
    expect(failureMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
  });
});
