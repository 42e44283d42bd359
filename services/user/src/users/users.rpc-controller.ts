import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import {
  loginSchema,
  passwordChangeSchema,
  registrationSchema,
  RPC,
  RpcEnvelope,
  updateProfileSchema,
} from '@shop/proto';
import { actorId } from '../auth/actor';
import { SettingsService } from '../settings/settings.service';
import { UsersService } from './users.service';

/** Registrations and the password rules follow the back office's settings as of each call. */
@Controller()
export class UsersRpcController {
  constructor(
    private readonly users: UsersService,
    private readonly settings: SettingsService,
  ) {}

  @MessagePattern(RPC.user.register)
  async register(@Payload() env: RpcEnvelope) {
    const { requireStrongPasswords, requireEmailVerification } =
      await this.settings.assertRegistrationsOpen();
    return this.users.register(parseInput(registrationSchema(requireStrongPasswords), env.data), {
      userAgent: env.userAgent,
      requireEmailVerification,
    });
  }

  @MessagePattern(RPC.user.login)
  login(@Payload() env: RpcEnvelope) {
    return this.users.login(parseInput(loginSchema, env.data), env.ip, env.userAgent);
  }

  @MessagePattern(RPC.user.me)
  me(@Payload() env: RpcEnvelope) {
    return this.users.me(actorId(env.actor, 'customer'));
  }

  @MessagePattern(RPC.user.updateMe)
  updateMe(@Payload() env: RpcEnvelope) {
    const userId = actorId(env.actor, 'customer');
    return this.users.updateProfile(userId, parseInput(updateProfileSchema, env.data));
  }

  @MessagePattern(RPC.user.changePassword)
  async changePassword(@Payload() env: RpcEnvelope) {
    const userId = actorId(env.actor, 'customer');
    const { requireStrongPasswords } = await this.settings.current();
    const input = parseInput(passwordChangeSchema(requireStrongPasswords), env.data);
    return this.users.changePassword(userId, input, env.userAgent);
  }
}
