import { Module } from '@nestjs/common';
import { DashboardRpcController } from './dashboard.rpc-controller';
import { DashboardService } from './dashboard.service';

@Module({
  controllers: [DashboardRpcController],
  providers: [DashboardService],
})
export class DashboardModule {}
