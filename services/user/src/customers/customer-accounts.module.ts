import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { CustomerAccountsRpcController } from './customer-accounts.rpc-controller';
import { CustomerAccountsService } from './customer-accounts.service';

/** Staff's side of customer accounts (back-office spec: customers). */
@Module({
  imports: [UsersModule, SessionsModule],
  controllers: [CustomerAccountsRpcController],
  providers: [CustomerAccountsService],
})
export class CustomerAccountsModule {}
