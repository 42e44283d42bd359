import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { customizationDefinitionSchema, RPC, RpcEnvelope } from '@shop/proto';
import { requireAdmin } from '../common/actors';
import { CustomizationsService } from './customizations.service';

@Controller()
export class CustomizationsRpcController {
  constructor(private readonly customizations: CustomizationsService) {}

  @MessagePattern(RPC.catalog.customizationList)
  list() {
    return this.customizations.list();
  }

  @MessagePattern(RPC.catalog.customizationCreate)
  create(@Payload() env: RpcEnvelope) {
    requireAdmin(env.actor);
    return this.customizations.create(parseInput(customizationDefinitionSchema, env.data));
  }

  @MessagePattern(RPC.catalog.customizationUpdate)
  update(@Payload() env: RpcEnvelope<{ id: string; body: unknown }>) {
    requireAdmin(env.actor);
    return this.customizations.update(
      String(env.data?.id ?? ''),
      parseInput(customizationDefinitionSchema, env.data?.body),
    );
  }
}
