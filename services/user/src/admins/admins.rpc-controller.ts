import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { adminLoginSchema, RPC, RpcEnvelope, twoFactorEnrolSchema, twoFactorVerifySchema } from '@shop/proto';
import { actorId } from '../auth/actor';
import { AdminsService } from './admins.service';

@Controller()
export class AdminsRpcController {
  constructor(private readonly admins: AdminsService) {}

  @MessagePattern(RPC.user.adminLogin)
  login(@Payload() env: RpcEnvelope) {
    return this.admins.login(parseInput(adminLoginSchema, env.data), env.ip, env.userAgent);
  }

  @MessagePattern(RPC.user.adminTwoFactorEnrol)
  enrolTwoFactor(@Payload() env: RpcEnvelope) {
    return this.admins.enrolTwoFactor(parseInput(twoFactorEnrolSchema, env.data), env.ip, env.userAgent);
  }

  @MessagePattern(RPC.user.adminTwoFactorVerify)
  verifyTwoFactor(@Payload() env: RpcEnvelope) {
    return this.admins.verifyTwoFactor(parseInput(twoFactorVerifySchema, env.data), env.ip, env.userAgent);
  }

  @MessagePattern(RPC.user.adminProfile)
  profile(@Payload() env: RpcEnvelope) {
    return this.admins.profile(actorId(env.actor, 'admin'));
  }

  @MessagePattern(RPC.user.adminLogout)
  logout(@Payload() env: RpcEnvelope) {
    return this.admins.logout(actorId(env.actor, 'admin'), env.actor?.sessionId);
  }
}
