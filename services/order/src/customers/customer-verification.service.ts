import { Injectable } from '@nestjs/common';
import { RpcClient, RpcError } from '@shop/kit';
import { EMAIL_VERIFICATION_FIELD, emailNotVerifiedMessage, EmailStatusReply, RPC } from '@shop/proto';
import { SettingsService } from '../settings/settings.service';

/**
 * "Require e-mail verification": while it is on, a customer whose address is not verified may
 * browse and fill a cart but not place an order. The order service decides, as it decides whether
 * any order may be placed.
 */
@Injectable()
export class CustomerVerificationService {
  constructor(
    private readonly settings: SettingsService,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Refuses (409, naming EMAIL_VERIFICATION_FIELD, so the storefront offers to send the link
   * again) a customer whose address is not verified. `projected` is what the customers projection
   * says; it trails a verification by the moment its event takes, so before refusing the user
   * service is asked once. An account the user service does not know has no address to verify:
   * whether its token may be used is the gateway's and the user service's call, not this rule's.
   */
  async assertMayOrder(userId: string, projected: { emailVerified: boolean } | null): Promise<void> {
    if (projected?.emailVerified) return;
    if (!(await this.settings.current()).requireEmailVerification) return;
    const status = await this.rpc
      .call<EmailStatusReply>(RPC.user.emailStatus, { userId })
      .catch((err: unknown) => {
        if (err instanceof RpcError && err.payload.status === 404) return null;
        throw err;
      });
    if (!status || status.emailVerified) return;
    const message = emailNotVerifiedMessage(status.email);
    throw RpcError.conflict(message, [{ field: EMAIL_VERIFICATION_FIELD, message }]);
  }
}
