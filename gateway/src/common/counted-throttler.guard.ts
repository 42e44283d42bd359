import { Injectable } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard, ThrottlerRequest } from '@nestjs/throttler';
import { shopMetrics } from '@shop/kit';

/** The throttler, counting each refusal under its budget's name (sign-in-throttle.ts: default, sign-in). */
@Injectable()
export class CountedThrottlerGuard extends ThrottlerGuard {
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    try {
      return await super.handleRequest(request);
    } catch (err) {
      if (err instanceof ThrottlerException)
        shopMetrics().rateLimitRejections.inc({ budget: request.throttler.name ?? 'default' });
      throw err;
    }
  }
}
