import { Inject, Injectable } from '@nestjs/common';
import { RpcError, SERVICE_CONFIG } from '@shop/kit';
import { PAYMENT_MESSAGES, PaymentConfigView, PaymentMode } from '@shop/proto';
import {
  LIVE_CHECKOUT_SCRIPT_URL,
  PaymentConfig,
  SANDBOX_CHECKOUT_SCRIPT_PATH,
  SANDBOX_KEYS,
} from '../config/payment-config';
import { PaymentSettingsService } from '../settings/payment-settings.service';

export interface ProviderKey {
  mode: PaymentMode;
  keyId: string;
}

/**
 * Decides, call by call, whether payments go to Razorpay or to the sandbox, with which key id and
 * key secret. The back office can set the key id and the key secret and flip the shop live (its
 * values win over the environment's); the webhook secret only ever comes from the environment.
 */
@Injectable()
export class PaymentModeService {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
    private readonly settings: PaymentSettingsService,
  ) {}

  /** The sandbox can never be in use while the mode is pinned live. */
  get sandboxPossible(): boolean {
    return this.config.PAYMENT_MODE !== 'live';
  }

  async current(): Promise<ProviderKey> {
    if (this.config.PAYMENT_MODE === 'sandbox') return SANDBOX_KEY;
    const settings = await this.settings.current();
    const keyId = settings.razorpayKeyId || this.config.RAZORPAY_KEY_ID;
    if (this.config.PAYMENT_MODE === 'live') {
      if (!keyId) throw RpcError.unavailable(PAYMENT_MESSAGES.gatewayNotConfigured);
      return { mode: 'live', keyId };
    }
    const keySecret = settings.razorpayKeySecret || this.config.RAZORPAY_KEY_SECRET;
    const liveKeys = Boolean(keyId && keySecret && this.config.RAZORPAY_WEBHOOK_SECRET);
    return liveKeys && settings.paymentGatewayLive ? { mode: 'live', keyId: keyId! } : SANDBOX_KEY;
  }

  /** The key secret that signs payments in `mode`: the simulator's, or the live one (none: undefined). */
  async keySecret(mode: PaymentMode): Promise<string | undefined> {
    if (mode === 'sandbox') return SANDBOX_KEYS.keySecret;
    return (await this.settings.current()).razorpayKeySecret || this.config.RAZORPAY_KEY_SECRET;
  }

  async view(): Promise<PaymentConfigView> {
    const { mode, keyId } = await this.current();
    const checkoutScriptUrl =
      this.config.CHECKOUT_SCRIPT_URL ??
      (mode === 'live' ? LIVE_CHECKOUT_SCRIPT_URL : SANDBOX_CHECKOUT_SCRIPT_PATH);
    return { mode, keyId, checkoutScriptUrl };
  }
}

const SANDBOX_KEY: ProviderKey = { mode: 'sandbox', keyId: SANDBOX_KEYS.keyId };
