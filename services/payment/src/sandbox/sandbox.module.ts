import { Module } from '@nestjs/common';
import { RazorpayModule } from '../razorpay/razorpay.module';
import { SandboxCheckoutService } from './sandbox-checkout.service';
import { SandboxProviderModule } from './sandbox-provider.module';
import { SandboxRpcController } from './sandbox.rpc-controller';

/** The sandbox's Checkout: the stand-in script and its pay/fail calls. */
@Module({
  imports: [RazorpayModule, SandboxProviderModule],
  controllers: [SandboxRpcController],
  providers: [SandboxCheckoutService],
})
export class SandboxModule {}
