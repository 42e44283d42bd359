import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { forgotPasswordSchema, MESSAGES, passwordResetSchema, RPC, RpcEnvelope } from '@shop/proto';
import { SettingsService } from '../settings/settings.service';
import { PasswordResetService } from './password-reset.service';

/** The new password follows the registration rules as the back office's settings stand at the call. */
@Controller()
export class PasswordResetRpcController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly settings: SettingsService,
  ) {}

  @MessagePattern(RPC.user.forgotPassword)
  async forgotPassword(@Payload() env: RpcEnvelope) {
    await this.resets.request(parseInput(forgotPasswordSchema, env.data));
    return { message: MESSAGES.resetLinkSent };
  }

  @MessagePattern(RPC.user.resetPassword)
  async resetPassword(@Payload() env: RpcEnvelope) {
    const { requireStrongPasswords } = await this.settings.current();
    return this.resets.reset(
      parseInput(passwordResetSchema(requireStrongPasswords), env.data),
      env.userAgent,
    );
  }
}
