import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import { AdminAuthReply, AdminLoginInput, adminLoginSchema, AdminView, RPC, SessionsRevokedReply } from '@shop/proto';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';
import { SessionVersions } from './session-versions';
import { SignInThrottle } from './sign-in-throttle';

@ApiTags('admin')
@Controller('api/admin2009')
export class AdminAuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionVersions,
  ) {}

  @Post('login')
  @HttpCode(200)
  @SignInThrottle()
  async login(@Body(new ZodBody(adminLoginSchema)) body: AdminLoginInput, @Caller() caller: RpcCallOptions) {
    const reply = await this.rpc.call<AdminAuthReply>(RPC.user.adminLogin, body, caller);
    return { success: true, ...reply };
  }

  @Get('profile')
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  async profile(@Caller() caller: RpcCallOptions) {
    return { success: true, admin: await this.rpc.call<AdminView>(RPC.user.adminProfile, {}, caller) };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  /** Ends every session of the admin account. */
  async logout(@Caller() caller: RpcCallOptions) {
    const { message, tokenVersion } = await this.rpc.call<SessionsRevokedReply>(RPC.user.adminLogout, {}, caller);
    this.sessions.revoked('admin', caller.actor!.userId, tokenVersion);
    return { success: true, message };
  }
}
