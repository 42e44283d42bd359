import { Module } from '@nestjs/common';
import { ReportsRpcController } from './reports.rpc-controller';
import { ReportsService } from './reports.service';

@Module({
  controllers: [ReportsRpcController],
  providers: [ReportsService],
})
export class ReportsModule {}
