import { Module } from '@nestjs/common';
import { GuestUploadSweeper } from './guest-upload-sweeper';
import { UploadsRpcController } from './uploads.rpc-controller';
import { UploadsService } from './uploads.service';

@Module({
  controllers: [UploadsRpcController],
  providers: [UploadsService, GuestUploadSweeper],
  exports: [UploadsService],
})
export class UploadsModule {}
