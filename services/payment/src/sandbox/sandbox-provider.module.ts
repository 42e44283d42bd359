import { Module } from '@nestjs/common';
import { SandboxProviderService } from './sandbox-provider.service';
import { SandboxServer } from './sandbox-server';
import { SandboxWebhooks } from './sandbox-webhooks';

/** The simulated Razorpay: its books, its REST API and its webhooks. */
@Module({
  providers: [SandboxProviderService, SandboxServer, SandboxWebhooks],
  exports: [SandboxProviderService, SandboxServer, SandboxWebhooks],
})
export class SandboxProviderModule {}
