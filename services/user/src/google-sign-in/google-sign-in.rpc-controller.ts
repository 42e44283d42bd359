import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { googleSignInSchema, RPC, RpcEnvelope } from '@shop/proto';
import { GoogleSignInService } from './google-sign-in.service';

@Controller()
export class GoogleSignInRpcController {
  constructor(private readonly googleSignIn: GoogleSignInService) {}

  @MessagePattern(RPC.user.googleSignIn)
  signIn(@Payload() env: RpcEnvelope) {
    return this.googleSignIn.signIn(parseInput(googleSignInSchema, env.data), env.userAgent);
  }
}
