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
import { ProfileCache } from './profile-cache';

@ApiTags('auth')
@ApiBearerAuth()
@UseGuards(CustomerGuard)
@Controller('api/auth/addresses')
export class AddressesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly profiles: ProfileCache,
  ) {}

  /** The profile (`GET /auth/me`) lists the addresses. */
  private change(caller: RpcCallOptions, pattern: string, request: unknown): Promise<UserView> {
    return this.profiles.changing(caller.actor!.userId, () =>
      this.rpc.call<UserView>(pattern, request, caller),
    );
  }

  @Get()
  async list(@Caller() caller: RpcCallOptions) {
    return { success: true, addresses: await this.rpc.call<AddressView[]>(RPC.user.addressList, {}, caller) };
  }

  @Post()
  async create(@Body(new ZodBody(addressSchema)) body: AddressInput, @Caller() caller: RpcCallOptions) {
    return { success: true, user: await this.change(caller, RPC.user.addressCreate, body) };
  }

  @Put(':id')
  async update(
    @Param('id') id: string,
    @Body(new ZodBody(addressSchema)) body: AddressInput,
    @Caller() caller: RpcCallOptions,
  ) {
    const request: AddressUpdateRequest<AddressInput> = { id, address: body };
    return { success: true, user: await this.change(caller, RPC.user.addressUpdate, request) };
  }

  @Delete(':id')
  async remove(@Param('id') id: string, @Caller() caller: RpcCallOptions) {
    const request: AddressIdRequest = { id };
    return { success: true, user: await this.change(caller, RPC.user.addressDelete, request) };
  }
}
