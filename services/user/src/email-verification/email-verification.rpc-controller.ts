import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput, RpcError } from '@shop/kit';
import { emailStatusSchema, RPC, RpcEnvelope, verifyEmailSchema } from '@shop/proto';
import { actorId } from '../auth/actor';
import { EmailVerificationService } from './email-verification.service';

@Controller()
export class EmailVerificationRpcController {
  constructor(private readonly verification: EmailVerificationService) {}

  /** No sign-in needed: the signed link is the proof, opened from the mailbox it was sent to. */
  @MessagePattern(RPC.user.verifyEmail)
  verify(@Payload() env: RpcEnvelope) {
    return this.verification.verify(parseInput(verifyEmailSchema, env.data));
  }

  @MessagePattern(RPC.user.resendVerification)
  resend(@Payload() env: RpcEnvelope) {
    return this.verification.resend(actorId(env.actor, 'customer'));
  }

  /** Asked by another service (no actor); a customer may ask only about their own account. */
  @MessagePattern(RPC.user.emailStatus)
  status(@Payload() env: RpcEnvelope) {
    const { userId } = parseInput(emailStatusSchema, env.data);
    if (env.actor?.role === 'customer' && env.actor.userId !== userId) throw RpcError.forbidden();
    return this.verification.status(userId);
  }
}
