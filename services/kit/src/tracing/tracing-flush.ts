import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { flushTracing } from './start-tracing';

/**
 * Sends the last spans when the application closes: shutdown hooks run after the drain, so the
 * spans of the work finished in it go too.
 */
@Injectable()
export class TracingFlush implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return flushTracing();
  }
}
