import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  AuthReply,
  ChangePasswordInput,
  changePasswordSchema,
  CustomerOrderStats,
  EmailVerifiedReply,
  ForgotPasswordInput,
  forgotPasswordSchema,
  LoginInput,
  loginSchema,
  PasswordChangedReply,
  PasswordResetReply,
  RegisterInput,
  registerSchema,
  ResetPasswordInput,
  resetPasswordSchema,
  RPC,
  SessionListReply,
  SessionsEndedReply,
  UpdateProfileInput,
  updateProfileSchema,
  UserStatsReply,
  UserView,
  VerifyEmailInput,
  verifyEmailSchema,
} from '@shop/proto';
import { CustomerGuard } from '../auth/auth.guards';
import { ArtworkLinks } from '../cart/artwork-links';
import { Caller } from '../common/caller.decorator';
import { GATEWAY_CONFIG, GatewayConfig, googleSignInConfigured } from '../config/gateway-config';
import { ZodBody } from '../common/zod-body.pipe';
import { ProfileCache } from './profile-cache';
import { EndedSessions } from './ended-sessions';
import { SignInThrottle } from './sign-in-throttle';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly sessions: EndedSessions,
    private readonly profiles: ProfileCache,
    private readonly artwork: ArtworkLinks,
  ) {}

  /** Which third-party sign-ins this deployment offers, so the login page can say when one is not. */
  @Get('providers')
  providers() {
    return {
      success: true,
      google: googleSignInConfigured(this.config),
    };
  }

  @Post('register')
  @SignInThrottle()
  async register(@Body(new ZodBody(registerSchema)) body: RegisterInput, @Caller('device') caller: RpcCallOptions) {
    const reply = await this.rpc.call<AuthReply<UserView>>(RPC.user.register, body, caller);
    return { success: true, ...reply };
  }

  @Post('login')
  @HttpCode(200)
  @SignInThrottle()
  async login(@Body(new ZodBody(loginSchema)) body: LoginInput, @Caller('device') caller: RpcCallOptions) {
    const reply = await this.rpc.call<AuthReply<UserView>>(RPC.user.login, body, caller);
    // The profile shows the last sign-in.
    this.profiles.drop(reply.user._id);
    return { success: true, ...reply };
  }

  /** Always 200 with the same message: the answer never tells whether an address is registered. */
  @Post('forgot-password')
  @HttpCode(200)
  @SignInThrottle()
  async forgotPassword(
    @Body(new ZodBody(forgotPasswordSchema)) body: ForgotPasswordInput,
    @Caller() caller: RpcCallOptions,
  ) {
    const reply = await this.rpc.call<{ message: string }>(RPC.user.forgotPassword, body, caller);
    return { success: true, message: reply.message };
  }

  @Post('reset-password')
  @HttpCode(200)
  @SignInThrottle()
  async resetPassword(
    @Body(new ZodBody(resetPasswordSchema)) body: ResetPasswordInput,
    @Caller('device') caller: RpcCallOptions,
  ) {
    const { message, token, user, ended } = await this.rpc.call<PasswordResetReply>(RPC.user.resetPassword, body, caller);
    this.sessions.ended(ended);
    return { success: true, message, token, user };
  }

  /** Opens the link of the verification mail: no sign-in needed, as it may be opened on another device. */
  @Post('verify-email')
  @HttpCode(200)
  @SignInThrottle()
  async verifyEmail(@Body(new ZodBody(verifyEmailSchema)) body: VerifyEmailInput, @Caller() caller: RpcCallOptions) {
    const { message, user } = await this.rpc.call<EmailVerifiedReply>(RPC.user.verifyEmail, body, caller);
    this.profiles.drop(user._id);
    return { success: true, message, user };
  }

  /** Sends the signed-in customer a new verification link (checkout and My Account offer it). */
  @Post('verify-email/resend')
  @HttpCode(200)
  @SignInThrottle()
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async resendVerification(@Caller() caller: RpcCallOptions) {
    const { message } = await this.rpc.call<{ message: string }>(RPC.user.resendVerification, {}, caller);
    return { success: true, message };
  }

  /** Sign Out: ends this device's session; the customer's other devices stay signed in. */
  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async logout(@Caller() caller: RpcCallOptions) {
    const { message, ended } = await this.rpc.call<SessionsEndedReply>(RPC.user.logout, {}, caller);
    this.sessions.ended(ended);
    return { success: true, message };
  }

  /** "Sign out of all devices": ends every session of the account, this one too. */
  @Post('logout/all')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async logoutAll(@Caller() caller: RpcCallOptions) {
    const { message, ended } = await this.rpc.call<SessionsEndedReply>(RPC.user.sessionEndAll, {}, caller);
    this.sessions.ended(ended);
    return { success: true, message };
  }

  /** The devices signed in to the account, the most recently used first. */
  @Get('sessions')
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async listSessions(@Caller() caller: RpcCallOptions) {
    const { sessions } = await this.rpc.call<SessionListReply>(RPC.user.sessionList, {}, caller);
    return { success: true, sessions };
  }

  /** Signs one of the account's devices out. */
  @Delete('sessions/:id')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async endSession(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    const { message, ended } = await this.rpc.call<SessionsEndedReply>(RPC.user.sessionEnd, { id }, caller);
    this.sessions.ended(ended);
    return { success: true, message };
  }

  @Get('me')
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async me(@Caller() caller: RpcCallOptions) {
    const user = await this.profiles.get(caller.actor!.userId, () =>
      this.rpc.call<UserView>(RPC.user.me, {}, caller),
    );
    return { success: true, user };
  }

  @Put('me')
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async updateMe(
    @Body(new ZodBody(updateProfileSchema)) body: UpdateProfileInput,
    @Caller() caller: RpcCallOptions,
  ) {
    const user = await this.profiles.changing(caller.actor!.userId, () =>
      this.rpc.call<UserView>(RPC.user.updateMe, body, caller),
    );
    return { success: true, user };
  }

  @Put('change-password')
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async changePassword(
    @Body(new ZodBody(changePasswordSchema)) body: ChangePasswordInput,
    @Caller('device') caller: RpcCallOptions,
  ) {
    const { message, token, ended } = await this.rpc.call<PasswordChangedReply>(RPC.user.changePassword, body, caller);
    this.sessions.ended(ended);
    return { success: true, message, token };
  }

  @Get('stats')
  @ApiBearerAuth()
  @UseGuards(CustomerGuard)
  async stats(@Caller() caller: RpcCallOptions) {
    const [{ wishlistCount }, orders] = await Promise.all([
      this.rpc.call<UserStatsReply>(RPC.user.stats, {}, caller),
      this.rpc.call<CustomerOrderStats>(RPC.order.customerStats, { userId: caller.actor!.userId }, caller),
    ]);
    const { totalOrders, totalSpent, deliveredOrders, recentOrders } = orders;
    return {
      success: true,
      stats: {
        totalOrders,
        totalSpent,
        deliveredOrders,
        wishlistCount,
        recentOrders: recentOrders.map((order) => this.artwork.order(order)),
      },
    };
  }
}
