import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  AdminAuthReply,
  AdminLoginInput,
  AdminLoginReply,
  adminLoginSchema,
  AdminTwoFactorEnrolReply,
  AdminView,
  RPC,
  SessionsEndedReply,
  TwoFactorEnrolInput,
  twoFactorEnrolSchema,
  TwoFactorVerifyInput,
  twoFactorVerifySchema,
} from '@shop/proto';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';
import { EndedSessions } from './ended-sessions';
import { SignInThrottle } from './sign-in-throttle';

@ApiTags('admin')
@Controller('api/admin2009')
export class AdminAuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: EndedSessions,
  ) {}

  /**
   * The password step. With two-factor sign-in on, the answer is the second step's challenge (and,
   * for staff without an authenticator, what sets one up) instead of a token.
   */
  @Post('login')
  @HttpCode(200)
  @SignInThrottle()
  async login(@Body(new ZodBody(adminLoginSchema)) body: AdminLoginInput, @Caller('device') caller: RpcCallOptions) {
    const reply = await this.rpc.call<AdminLoginReply>(RPC.user.adminLogin, body, caller);
    return { success: true, ...reply };
  }

  /** Sets up the authenticator with its first code, signs in, and shows the recovery codes once. */
  @Post('login/two-factor/enrol')
  @HttpCode(200)
  @SignInThrottle()
  async enrolTwoFactor(
    @Body(new ZodBody(twoFactorEnrolSchema)) body: TwoFactorEnrolInput,
    @Caller('device') caller: RpcCallOptions,
  ) {
    const reply = await this.rpc.call<AdminTwoFactorEnrolReply>(RPC.user.adminTwoFactorEnrol, body, caller);
    return { success: true, ...reply };
  }

  /** Finishes signing in with a code from the authenticator, or a recovery code. */
  @Post('login/two-factor')
  @HttpCode(200)
  @SignInThrottle()
  async verifyTwoFactor(
    @Body(new ZodBody(twoFactorVerifySchema)) body: TwoFactorVerifyInput,
    @Caller('device') caller: RpcCallOptions,
  ) {
    const reply = await this.rpc.call<AdminAuthReply>(RPC.user.adminTwoFactorVerify, body, caller);
    return { success: true, ...reply };
  }

  @Get('profile')
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  async profile(@Caller() caller: RpcCallOptions) {
    return { success: true, admin: await this.rpc.call<AdminView>(RPC.user.adminProfile, {}, caller) };
  }

  /** Sign Out: ends this browser's session; staff signed in elsewhere to the same account stay so. */
  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  async logout(@Caller() caller: RpcCallOptions) {
    const { message, ended } = await this.rpc.call<SessionsEndedReply>(RPC.user.adminLogout, {}, caller);
    this.sessions.ended(ended);
    return { success: true, message };
  }

  /** "Sign out of all devices" (Settings, Security): ends every session of the admin account, this one too. */
  @Post('logout/all')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  async logoutAll(@Caller() caller: RpcCallOptions) {
    const { message, ended } = await this.rpc.call<SessionsEndedReply>(RPC.user.sessionEndAll, {}, caller);
    this.sessions.ended(ended);
    return { success: true, message };
  }
}
