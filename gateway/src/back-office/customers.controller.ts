import { Controller, Delete, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  CustomerDeactivateReply,
  CustomerDetailReply,
  CustomerListQuery,
  customerListQuerySchema,
  CustomerListReply,
  REPORTING_MESSAGES,
  RPC,
} from '@shop/proto';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';

/** The customers screen and customer page (back-office spec, section 2). */
@ApiTags('back office: customers')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin2009/customers')
export class CustomersController {
  constructor(private readonly rpc: RpcClient) {}

  /** Search (name, e-mail, phone, company), type and status filters, page and limit; summary for the cards. */
  @Get()
  list(@Query(new ZodBody(customerListQuerySchema)) query: CustomerListQuery, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<CustomerListReply>(RPC.admin.customerList, query, caller);
  }

  @Get(':id')
  get(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<CustomerDetailReply>(RPC.admin.customerGet, { id }, caller);
  }

  /** Deactivates the account: it can no longer sign in and its tokens are refused; its orders stay. */
  @Delete(':id')
  async deactivate(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    const reply = await this.rpc.call<CustomerDeactivateReply>(RPC.user.adminDeactivate, { id }, caller);
    return {
      success: true,
      message: REPORTING_MESSAGES.customerDeactivated,
      customer: { _id: reply.userId, isActive: false, deactivatedAt: reply.deactivatedAt },
    };
  }
}
