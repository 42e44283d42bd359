import { Module } from '@nestjs/common';
import { UploadsRpcController } from './uploads.rpc-controller';
import { UploadsService } from './uploads.service';

@Module({ controllers: [UploadsRpcController], providers: [UploadsService], exports: [UploadsService] })
export class UploadsModule {}
