import { Global, Module } from '@nestjs/common';
import { MailQueue } from './mail-queue.service';
import { MailRenderer } from './mail-renderer.service';
import { MailSender } from './mail-sender.service';
import { MailEvents } from './mail.events';

/**
 * The one way mail leaves the shop: queued in the transaction that decided it (MailQueue, and the
 * event handlers of MailEvents), rendered from React Email templates and sent by the mail sender.
 */
@Global()
@Module({
  providers: [MailQueue, MailRenderer, MailSender, MailEvents],
  exports: [MailQueue],
})
export class MailModule {}
