import { Logger } from '@nestjs/common';
import { CurrentSettingsReply, ERROR_CODES, RPC, SEEDED_SETTINGS } from '@shop/proto';
import type { DataSource, EntityManager } from 'typeorm';
import type { RpcClient } from '../rpc/rpc-client';
import { RpcError } from '../rpc/rpc-error';
import { SettingsCatchUp } from './settings-catch-up';
import type { SettingsReplica } from './settings-replica';

const CURRENT: CurrentSettingsReply = { settings: { ...SEEDED_SETTINGS, freeShippingThreshold: 2500 }, updatedAt: '2025-01-02T03:04:05.000Z' };
const UNAVAILABLE = new RpcError({ status: 503, code: ERROR_CODES.UNAVAILABLE, message: 'The admin-reporting service is unavailable' });

describe('SettingsCatchUp', () => {
  const manager = {} as EntityManager;
  let held: boolean;
  let replica: { held: jest.Mock; apply: jest.Mock };
  let call: jest.Mock;
  let log: jest.SpyInstance;
  let warn: jest.SpyInstance;
  let catchUp: SettingsCatchUp;

  beforeEach(() => {
    jest.useFakeTimers();
    held = false;
    replica = { held: jest.fn(async () => held), apply: jest.fn(async () => undefined) };
    call = jest.fn();
    log = jest.spyOn(Logger.prototype, 'log').mockImplementation();
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation();
    catchUp = new SettingsCatchUp(replica as SettingsReplica, { manager } as DataSource, { call } as unknown as RpcClient);
  });

  afterEach(() => {
    catchUp.onApplicationShutdown();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  /** Lets the attempt under way finish, without moving the clock. */
  const settle = () => jest.advanceTimersByTimeAsync(0);

  it('asks admin-reporting nothing when the replica already holds settings', async () => {
    held = true;
    catchUp.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(call).not.toHaveBeenCalled();
    expect(replica.apply).not.toHaveBeenCalled();
  });

  it('keeps the current settings as of their update time when the replica is empty, and says so once', async () => {
    call.mockResolvedValue(CURRENT);
    catchUp.onApplicationBootstrap();
    await settle();
    expect(call).toHaveBeenCalledWith(RPC.admin.settingsCurrent, {}, { timeoutMs: 3000 });
    expect(replica.apply).toHaveBeenCalledWith(manager, CURRENT.settings, CURRENT.updatedAt);
    expect(log).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(call).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('asks again after 1 s, then after twice the pause each time up to 60 s, until it gets an answer', async () => {
    call.mockRejectedValue(UNAVAILABLE);
    catchUp.onApplicationBootstrap();
    await settle();
    expect(call).toHaveBeenCalledTimes(1);
    for (const pause of [1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]) {
      const asked = call.mock.calls.length;
      await jest.advanceTimersByTimeAsync(pause - 1);
      expect(call).toHaveBeenCalledTimes(asked);
      await jest.advanceTimersByTimeAsync(1);
      expect(call).toHaveBeenCalledTimes(asked + 1);
    }

    call.mockResolvedValue(CURRENT);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(replica.apply).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(call).toHaveBeenCalledTimes(10);
  });

  it('stops asking when the settings arrive by event in the meantime', async () => {
    call.mockRejectedValue(UNAVAILABLE);
    catchUp.onApplicationBootstrap();
    await settle();
    held = true;
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(call).toHaveBeenCalledTimes(1);
    expect(replica.apply).not.toHaveBeenCalled();
  });

  it('stops asking once the service shuts down', async () => {
    call.mockRejectedValue(UNAVAILABLE);
    catchUp.onApplicationBootstrap();
    await settle();
    catchUp.onApplicationShutdown();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('leaves no timer behind when the attempt under way fails after shutdown', async () => {
    let fail: (err: Error) => void = () => undefined;
    call.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    catchUp.onApplicationBootstrap();
    await settle();
    catchUp.onApplicationShutdown();
    fail(UNAVAILABLE);
    await settle();
    expect(jest.getTimerCount()).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });
});
