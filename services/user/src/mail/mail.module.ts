import { Global, Module } from '@nestjs/common';
import { MailQueue } from './mail-queue.service';

/** The one way mail leaves the shop: queued in a transaction, sent by the mail sender. */
@Global()
@Module({
  providers: [MailQueue],
  exports: [MailQueue],
})
export class MailModule {}
