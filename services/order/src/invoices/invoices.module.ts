import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { DocumentPdfs } from './document-pdfs';
import { InvoicesEvents } from './invoices.events';
import { InvoicesRpcController } from './invoices.rpc-controller';
import { InvoicesService } from './invoices.service';

/** Tax invoices, receipts and credit notes: issued with the order's moves, stored as issued, served as PDFs. */
@Module({
  imports: [SettingsModule],
  controllers: [InvoicesRpcController],
  providers: [InvoicesService, InvoicesEvents, DocumentPdfs],
  exports: [InvoicesService],
})
export class InvoicesModule {}
