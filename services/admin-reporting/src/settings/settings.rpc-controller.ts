import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput, RpcError } from '@shop/kit';
import { RPC, RpcEnvelope, settingsPatchSchema } from '@shop/proto';
import { requireAdmin } from '../common/actors';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsRpcController {
  constructor(private readonly settings: SettingsService) {}

  @MessagePattern(RPC.admin.settingsGet)
  get(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.settings.get();
  }

  @MessagePattern(RPC.admin.settingsUpdate)
  update(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.settings.update(parseInput(settingsPatchSchema, env.data));
  }

  /** For the gateway at start (maintenance mode): no caller, and nothing secret in the reply. */
  @MessagePattern(RPC.admin.settingsCurrent)
  current() {
    return this.settings.current();
  }

  /** For the payment service: a caller with an actor, staff included, is a person and never gets it. */
  @MessagePattern(RPC.admin.settingsKeySecret)
  keySecret(@Payload() env: RpcEnvelope) {
    if (env.actor) throw RpcError.forbidden();
    return this.settings.keySecret();
  }
}
