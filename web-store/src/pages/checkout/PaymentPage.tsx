import { ORDER_MESSAGES, type RazorpaySuccessResponse } from '@shop/proto';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_ERRORS, fetchOrder } from '../../api/account';
import { failureMessage } from '../../api/client';
import { createPaymentOrder, fetchPaymentConfig, PAYMENT_ERRORS, verifyPayment } from '../../api/payments';
import { rememberVerifiedPayment } from '../../api/verifiedPayments';
import { useAuth } from '../../auth/AuthContext';
import { useSignedInPage } from '../../auth/useSignedInPage';
import { useCart } from '../../cart/CartContext';
import { isCashOnDeliveryOrder, shortOrderId } from '../../components/OrderStatus';
import { ErrorState, LoadingState } from '@shop/web-kit/QueryStates';
import { useShopContact } from '../../content/useShopContact';
import { formatPrice } from '@shop/web-kit/format';
import { loadScript } from '../../lib/loadScript';
import { createLogger } from '@shop/web-kit/logger';
import { alertFailure } from '../../lib/notify';
import './checkout.css';

const logger = createLogger('payment');

type Stage = 'idle' | 'opening' | 'open' | 'verifying' | 'paid';

/**
 * Payment (storefront spec, section 2): opens the card payment provider's window for the order
 * checkout placed, verifies the result on the server, empties the cart and shows the confirmation.
 * A failed or abandoned payment leaves the order payable, so the shopper can try again.
 */
export default function PaymentPage() {
  const { user, instead } = useSignedInPage();
  const cart = useCart();
  const location = useLocation();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? (location.state as { orderId?: string } | null)?.orderId ?? '';
  const [stage, setStage] = useState<Stage>('idle');

  if (!user) return instead;
  // Once paid the cart empties on purpose: that must not send the shopper back to it.
  if (stage !== 'paid' && cart.status === 'loading') return <LoadingState label="Loading your cart..." />;
  if (stage !== 'paid' && cart.status === 'ready' && cart.lines.length === 0)
    return <Navigate to="/cart" replace />;
  if (!orderId) return <Navigate to="/checkout" replace />;
  return <Payment orderId={orderId} stage={stage} setStage={setStage} />;
}

function Payment({
  orderId,
  stage,
  setStage,
}: {
  orderId: string;
  stage: Stage;
  setStage(stage: Stage): void;
}) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const { clear } = useCart();
  const shop = useShopContact();
  const [failure, setFailure] = useState<string | null>(null);
  const order = useQuery({
    queryKey: ['order', orderId],
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
  });

  const finish = async (response: RazorpaySuccessResponse) => {
    setStage('verifying');
    try {
      const verified = await verifyPayment(response, orderId);
      rememberVerifiedPayment(orderId, verified.paymentId);
    } catch (error) {
      setStage('idle');
      setFailure(failureMessage(error, PAYMENT_ERRORS.verify));
      return;
    }
    setStage('paid');
    try {
      await clear();
    } catch (error) {
      // The server empties a paid order's cart itself; the page need not stop here.
      logger.warn('The cart could not be cleared after payment', error);
    }
    navigate(`/confirmation/${encodeURIComponent(orderId)}`, { replace: true });
  };

  const pay = async () => {
    setFailure(null);
    setStage('opening');
    try {
      const config = await fetchPaymentConfig();
      if (!window.Razorpay) {
        try {
          await loadScript(config.checkoutScriptUrl);
        } catch (error) {
          logger.error('The payment script did not load', error);
          window.alert(PAYMENT_ERRORS.loadGateway);
          setStage('idle');
          return;
        }
      }
      const Checkout = window.Razorpay;
      if (!Checkout) {
        window.alert(PAYMENT_ERRORS.gatewayMissing);
        setStage('idle');
        return;
      }
      let providerOrder;
      try {
        providerOrder = await createPaymentOrder(orderId);
      } catch (error) {
        alertFailure(error, PAYMENT_ERRORS.initiate);
        setStage('idle');
        return;
      }
      const checkout = new Checkout({
        key: providerOrder.key,
        amount: providerOrder.amount,
        currency: providerOrder.currency,
        order_id: providerOrder.id,
        name: shop.name,
        description: `Order #${shortOrderId(orderId)}`,
        prefill: {
          name: user?.name ?? user?.username,
          email: user?.email,
          contact: user?.phone ?? undefined,
        },
        theme: { color: '#1f3a5f' },
        handler: (response) => void finish(response),
        modal: { ondismiss: () => setStage('idle') },
      });
      checkout.on('payment.failed', (response) => {
        setFailure(`Payment failed: ${response.error.description}. You can try again.`);
      });
      setStage('open');
      checkout.open();
    } catch (error) {
      alertFailure(error, PAYMENT_ERRORS.initiate);
      setStage('idle');
    }
  };

  if (order.isPending) return <LoadingState label="Loading your order..." />;
  if (order.isError) {
    return (
      <section className="container page narrow">
        <h1>Payment</h1>
        <ErrorState
          message={failureMessage(order.error, ACCOUNT_ERRORS.order)}
          onRetry={() => void order.refetch()}
        />
      </section>
    );
  }

  const data = order.data;
  // Cash on delivery is paid at the door: its confirmation says so.
  if (isCashOnDeliveryOrder(data))
    return <Navigate to={`/confirmation/${encodeURIComponent(data._id)}`} replace />;
  const paid = data.paymentDetails.status === 'paid';
  const payable = !paid && ['pending', 'failed'].includes(data.paymentDetails.status);
  const busy = stage === 'opening' || stage === 'verifying' || stage === 'paid';

  return (
    <section className="container page narrow payment-page">
      <h1>Payment</h1>
      <div className="checkout-card">
        <p>
          Order <strong>#{shortOrderId(data._id)}</strong>
        </p>
        <dl className="summary-totals">
          <div>
            <dt>Items</dt>
            <dd>{data.products.reduce((sum, line) => sum + line.quantity, 0)}</dd>
          </div>
          {data.discountAmount > 0 && (
            <div className="discount">
              <dt>Coupon ({data.coupon})</dt>
              <dd>−{formatPrice(data.discountAmount)}</dd>
            </div>
          )}
          <div className="total">
            <dt>Amount to pay</dt>
            <dd>{formatPrice(data.totalAmount)}</dd>
          </div>
        </dl>
        {failure && (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        )}
        {stage === 'verifying' && (
          <p className="notice notice-info" role="status">
            Confirming your payment...
          </p>
        )}
        {paid ? (
          <p>
            This order has been paid.{' '}
            <Link to={`/confirmation/${encodeURIComponent(data._id)}`}>See the order</Link>
          </p>
        ) : payable ? (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() => void pay()}
          >
            {stage === 'opening'
              ? 'Opening payment window...'
              : failure
                ? 'Retry Payment'
                : `Pay ${formatPrice(data.totalAmount)}`}
          </button>
        ) : (
          <p className="notice notice-error">{ORDER_MESSAGES.notPayable}</p>
        )}
        <p className="muted secure-note">
          Payments are processed securely by Razorpay: cards, UPI and net banking.
        </p>
      </div>
    </section>
  );
}
