import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseInput } from '@shop/kit';
import { RPC, RpcEnvelope, stockReserveSchema } from '@shop/proto';
import { StockService } from './stock.service';

/** Called by the order service at placement; the gateway has no route to it. */
@Controller()
export class StockRpcController {
  constructor(private readonly stock: StockService) {}

  @MessagePattern(RPC.catalog.stockReserve)
  reserve(@Payload() env: RpcEnvelope) {
    return this.stock.reserve(parseInput(stockReserveSchema, env.data));
  }
}
