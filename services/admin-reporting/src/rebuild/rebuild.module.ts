import { Module } from '@nestjs/common';
import { RebuildRpcController } from './rebuild.rpc-controller';
import { RebuildService } from './rebuild.service';
import { SnapshotLoader } from './snapshot-loader';

@Module({
  controllers: [RebuildRpcController],
  providers: [RebuildService, SnapshotLoader],
})
export class RebuildModule {}
