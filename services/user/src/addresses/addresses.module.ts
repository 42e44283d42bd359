import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AddressesRpcController } from './addresses.rpc-controller';
import { AddressesService } from './addresses.service';

@Module({
  imports: [UsersModule],
  controllers: [AddressesRpcController],
  providers: [AddressesService],
})
export class AddressesModule {}
