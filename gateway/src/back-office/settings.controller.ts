import { Body, Controller, Get, Patch, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { RPC, SettingsPatch, settingsPatchSchema, SettingsReply } from '@shop/proto';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';

/** The settings screen (back-office spec, section 2). The Razorpay key secret is write-only: it comes back masked. */
@ApiTags('back office: settings')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin2009/settings')
export class SettingsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  get(@Caller() caller: RpcCallOptions) {
    return this.rpc.call<SettingsReply>(RPC.admin.settingsGet, {}, caller);
  }

  /** The whole settings object as the screen saves it, or any part of it. */
  @Patch()
  update(@Body(new ZodBody(settingsPatchSchema)) body: SettingsPatch, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<SettingsReply>(RPC.admin.settingsUpdate, body, caller);
  }
}
