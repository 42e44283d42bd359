import { Body, Controller, Delete, Get, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  AddressIdRequest,
  AddressInput,
  addressSchema,
  AddressUpdateRequest,
  AddressView,
  RPC,
  UserView,
} from '@shop/proto';
import { CustomerGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { ZodBody } from '../common/zod-body.pipe';

@ApiTags('auth')
@ApiBearerAuth()
@UseGuards(CustomerGuard)
@Controller('api/auth/addresses')
export class AddressesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  async list(@Caller() caller: RpcCallOptions) {
    return { success: true, addresses: await this.rpc.call<AddressView[]>(RPC.user.addressList, {}, caller) };
  }

  @Post()
  async create(@Body(new ZodBody(addressSchema)) body: AddressInput, @Caller() caller: RpcCallOptions) {
    return { success: true, user: await this.rpc.call<UserView>(RPC.user.addressCreate, body, caller) };
  }

  @Put(':id')
  async update(
    @Param('id') id: string,
    @Body(new ZodBody(addressSchema)) body: AddressInput,
    @Caller() caller: RpcCallOptions,
  ) {
    const request: AddressUpdateRequest<AddressInput> = { id, address: body };
    return { success: true, user: await this.rpc.call<UserView>(RPC.user.addressUpdate, request, caller) };
  }

  @Delete(':id')
  async remove(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    const request: AddressIdRequest = { id };
    return { success: true, user: await this.rpc.call<UserView>(RPC.user.addressDelete, request, caller) };
  }
}
