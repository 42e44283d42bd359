import { Module } from '@nestjs/common';
import { VerificationLinks } from './verification-links';

/** Sending verification links, apart from the flow that reads them, so registration can send one. */
@Module({
  providers: [VerificationLinks],
  exports: [VerificationLinks],
})
export class VerificationLinksModule {}
