import { Inject, Injectable } from '@nestjs/common';
import { RpcClient, RpcError, SERVICE_CONFIG } from '@shop/kit';
import {
  CASH_ON_DELIVERY,
  RPC,
  type DocumentKind,
  type OrderDocumentPdf,
  type OrderDocumentRequest,
  type OrderView,
  type ProductView,
} from '@shop/proto';
import { DataSource } from 'typeorm';
import type { UserConfig } from '../config/user-config';
import type { MailData, MailKind } from './mail-kinds';
import { shopSettingsFor, staffAddress } from './mail-settings';
import { emailVerificationMail, passwordResetMail } from './templates/account-mails';
import { type MailContent, renderMail, type RenderedMail } from './templates/mail-content';
import type { BusinessDetails } from './templates/mail-frame';
import {
  newOrderMail,
  type OrderMailContext,
  orderCancelledMail,
  orderConfirmationMail,
  orderDeliveredMail,
  orderRefundedMail,
  orderShippedMail,
} from './templates/order-mails';
import { lowStockMail } from './templates/stock-mails';

/** A queued mail as the sender claimed it. */
export interface MailToRender<K extends MailKind = MailKind> {
  id: string;
  kind: K;
  data: MailData[K];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface ComposedMail extends RenderedMail {
  attachments: MailAttachment[];
  /** Where staff read mail (staffAddress): replies go to people, not to MAIL_FROM. */
  replyTo: string;
}

/** A mail that can never be rendered (its order is gone, its kind unknown): dead at once, not retried. */
export class UnrenderableMail extends Error {}

/**
 * Turns a queued mail into its subject, HTML and text, and its attachments, from what is true when
 * it is sent: the shop's settings (the business's name and contact details), the order as the order
 * service shows it (`order.get`, asked with no actor: another service asks), the names of the
 * options its lines chose (`catalog.product.many`) and the PDF it carries (`order.document.pdf`).
 * A service that does not answer makes the attempt fail, to be retried.
 */
@Injectable()
export class MailRenderer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    @Inject(SERVICE_CONFIG) private readonly config: UserConfig,
  ) {}

  async compose(mail: MailToRender): Promise<ComposedMail> {
    const settings = await shopSettingsFor(this.dataSource.manager);
    const business: BusinessDetails = {
      businessName: settings.businessName,
      businessEmail: settings.businessEmail,
      businessPhone: settings.businessPhone,
      businessAddress: settings.businessAddress,
      gstNumber: settings.gstNumber,
    };
    try {
      const { content, attachments = [] } = await this.content(business, mail);
      return {
        ...(await renderMail(content)),
        attachments,
        replyTo: staffAddress(settings, this.config.ADMIN_EMAIL),
      };
    } catch (err) {
      if (err instanceof RpcError && err.payload.status === 404)
        throw new UnrenderableMail(err.payload.message);
      throw err;
    }
  }

  private async content(
    business: BusinessDetails,
    mail: MailToRender,
  ): Promise<{ content: MailContent; attachments?: MailAttachment[] }> {
    const publicUrl = this.config.PUBLIC_URL;
    switch (mail.kind) {
      case 'password-reset':
        return { content: passwordResetMail(business, mail.data as MailData['password-reset']) };
      case 'email-verification':
        return { content: emailVerificationMail(business, mail.data as MailData['email-verification']) };
      case 'low-stock':
        return {
          content: lowStockMail(
            business,
            mail.data as MailData['low-stock'],
            `${publicUrl}/admin2009/products`,
          ),
        };
      case 'order-confirmation': {
        const data = mail.data as MailData['order-confirmation'];
        const ctx = await this.orderContext(business, data.orderId);
        const attachments = data.document ? [await this.document(data.orderId, data.document.kind)] : [];
        return { content: orderConfirmationMail(ctx, data), attachments };
      }
      case 'new-order': {
        const data = mail.data as MailData['new-order'];
        return { content: newOrderMail(await this.orderContext(business, data.orderId), data) };
      }
      case 'order-shipped': {
        const data = mail.data as MailData['order-shipped'];
        const ctx = await this.orderContext(business, data.orderId);
        // A cash-on-delivery order's invoice is issued with its shipment: it travels with this mail.
        const invoice =
          ctx.order.paymentDetails.paymentMethod === CASH_ON_DELIVERY
            ? (ctx.order.documents ?? []).findLast((d) => d.kind === 'invoice' || d.kind === 'receipt')
            : undefined;
        const attachments = invoice ? [await this.document(data.orderId, invoice.kind)] : [];
        return { content: orderShippedMail(ctx, data, invoice ?? null), attachments };
      }
      case 'order-delivered': {
        const data = mail.data as MailData['order-delivered'];
        return { content: orderDeliveredMail(await this.orderContext(business, data.orderId)) };
      }
      case 'order-cancelled': {
        const data = mail.data as MailData['order-cancelled'];
        return { content: orderCancelledMail(await this.orderContext(business, data.orderId), data) };
      }
      case 'order-refunded': {
        const data = mail.data as MailData['order-refunded'];
        const ctx = await this.orderContext(business, data.orderId);
        const attachments = data.creditNoteNumber ? [await this.document(data.orderId, 'credit-note')] : [];
        return { content: orderRefundedMail(ctx, data), attachments };
      }
      default:
        throw new UnrenderableMail(`No template for mails of kind "${String(mail.kind)}"`);
    }
  }

  private async orderContext(business: BusinessDetails, orderId: string): Promise<OrderMailContext> {
    const order = await this.rpc.call<OrderView>(RPC.order.get, { id: orderId }, { actor: null });
    return {
      business,
      order,
      optionNames: await this.optionNames(order),
      orderUrl: `${this.config.PUBLIC_URL}/confirmation/${encodeURIComponent(orderId)}`,
      adminOrderUrl: `${this.config.PUBLIC_URL}/admin2009/orders/${encodeURIComponent(orderId)}`,
    };
  }

  /** The catalog's names of the options the order's lines chose, asked only when a line chose any. */
  private async optionNames(order: OrderView): Promise<Map<string, string>> {
    const ids = [
      ...new Set(
        order.products
          .filter((line) => Object.keys(line.customization?.dynamicCustomizations ?? {}).length > 0)
          .map((line) => line.productId),
      ),
    ];
    if (!ids.length) return new Map();
    const { products } = await this.rpc.call<{ products: ProductView[] }>(
      RPC.catalog.productMany,
      { ids },
      { actor: null },
    );
    return new Map(
      products.flatMap((p) =>
        (p.customizationOptions ?? []).map((o) => [o.optionId._id, o.optionId.name] as const),
      ),
    );
  }

  private async document(orderId: string, kind: DocumentKind): Promise<MailAttachment> {
    const request: OrderDocumentRequest = { orderId, kind };
    const pdf = await this.rpc.call<OrderDocumentPdf>(RPC.order.documentPdf, request, { actor: null });
    return {
      filename: pdf.filename,
      content: Buffer.from(pdf.pdfBase64, 'base64'),
      contentType: 'application/pdf',
    };
  }
}
