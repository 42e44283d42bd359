import { Injectable } from '@nestjs/common';
import { RpcClient } from '@shop/kit';
import {
  CartCustomization,
  customizationHasFiles,
  CustomizationResolveInput,
  CustomizationResolveReply,
  RPC,
} from '@shop/proto';

interface LineWithCustomization {
  customization: CartCustomization;
}

/**
 * The files an order line may carry. The cart owns customization uploads, so it rewrites each
 * attached file from its record of the customer's upload; whatever link or description the client
 * sent is not kept, and a file that is not the customer's is refused there.
 */
@Injectable()
export class CheckoutFiles {
  constructor(private readonly rpc: RpcClient) {}

  async resolve<L extends LineWithCustomization>(userId: string, lines: L[]): Promise<L[]> {
    if (!lines.some((l) => customizationHasFiles(l.customization))) return lines;
    const { customizations } = await this.rpc.call<CustomizationResolveReply>(
      RPC.cart.uploadResolve,
      { customizations: lines.map((l) => l.customization) } satisfies CustomizationResolveInput,
      { actor: { userId, role: 'customer' } },
    );
    return lines.map((line, i) => ({ ...line, customization: customizations[i] }));
  }
}
