import { NotFoundException } from '@nestjs/common';
import { RpcError, toRpcErrorPayload } from './rpc-error';

describe('toRpcErrorPayload', () => {
  it('passes an RpcError through unchanged', () => {
    const details = [{ field: 'phone', message: 'Phone must be exactly 10 digits' }];
    expect(toRpcErrorPayload(RpcError.badRequest('Phone must be exactly 10 digits', details))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Phone must be exactly 10 digits',
      details,
    });
  });

  it('keeps the status and message of a Nest HTTP exception', () => {
    expect(toRpcErrorPayload(new NotFoundException('Address not found'))).toMatchObject({ status: 404, message: 'Address not found' });
  });

  it('hides the internals of an unexpected error behind a 500', () => {
    expect(toRpcErrorPayload(new Error('relation "users" does not exist'))).toEqual({
      status: 500,
      code: 'INTERNAL',
      message: 'Internal server error',
    });
  });
});
