import { usePublicSettings } from '../../cart/shippingTerms';
import { SHOP } from '../../content/shop';
import { shopContactOf } from '../../content/useShopContact';
import { formatPrice } from '@shop/web-kit/format';

export default function TermsPage() {
  const settings = usePublicSettings().data;
  const shop = shopContactOf(settings);
  return (
    <article className="container page legal">
      <h1>Terms &amp; Conditions</h1>
      <p className="legal-updated">Last updated: 1 September 2025</p>
      <p>
        These terms govern your use of this website and every order placed on it with {shop.name}{' '}
        (&quot;we&quot;, &quot;us&quot;), which sells under the brands MS and Jaksh. By using the website or
        placing an order you agree to them. They are published in accordance with the Information Technology
        Act, 2000, the Consumer Protection Act, 2019 and the Consumer Protection (E-Commerce) Rules, 2020.
      </p>

      <h2>1. Who we are</h2>
      <p>
        {shop.name}, {shop.address}
        {shop.gstNumber ? `, GSTIN ${shop.gstNumber}` : ''}. You can reach us at{' '}
        <a href={`mailto:${shop.email}`}>{shop.email}</a> or {shop.phone}, {SHOP.hours}.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>
          You must be at least 18 years old, or use the website under the supervision of a parent or guardian.
        </li>
        <li>Keep your password confidential; you are responsible for activity under your account.</li>
        <li>
          The details you give us (name, e-mail, phone, delivery address) must be true and kept up to date.
        </li>
      </ul>

      <h2>3. Products, customisation and prices</h2>
      <ul>
        <li>
          All prices are in Indian rupees (INR). Goods and Services Tax (GST) at 18% and shipping charges are
          shown at checkout before you pay.
        </li>
        <li>
          Colours on screen may differ slightly from printed products. Customisation previews are indicative;
          the final layout follows the options, text and artwork you submit.
        </li>
        <li>
          You confirm that you own or are licensed to use any logo, text, photograph or artwork you upload,
          and that it does not infringe anyone&apos;s rights or break any law. We may refuse content that is
          unlawful, obscene, defamatory or infringing.
        </li>
        <li>
          We may correct obvious pricing errors; if an order was placed at a wrong price we will contact you
          before dispatch.
        </li>
      </ul>

      <h2>4. Orders and payment</h2>
      <ul>
        <li>
          An order paid online is accepted when payment succeeds and you receive an order confirmation; a
          cash-on-delivery order when it is placed.
        </li>
        <li>
          Payments are processed by a RBI-authorised payment aggregator (cards, UPI and net banking). We never
          see or store your full card details.
        </li>
        {settings?.codEnabled && (
          <li>
            Cash on delivery is available for orders up to {formatPrice(settings.codLimit)}: you pay the
            courier in cash when the order arrives. Refusing a cash-on-delivery order at the door cancels it.
          </li>
        )}
        <li>
          Every paid order comes with a tax invoice (a receipt while we are not registered for GST). Give your
          GSTIN and company name at checkout to have them on it.
        </li>
        <li>Promotional codes apply only under their stated conditions and cannot be exchanged for cash.</li>
        <li>Bulk orders (50 pieces or more) may need extra production time, which we confirm with you.</li>
      </ul>

      <h2>5. Delivery</h2>
      <p>
        We deliver within India only. Standard delivery takes 3-5 business days and express delivery 1-2
        business days after dispatch; personalised products are dispatched after production. You choose
        standard or express delivery at checkout, which shows what each costs. Delivery dates are estimates
        and may be affected by events beyond our control.
      </p>

      <h2>6. Cancellations, returns and refunds</h2>
      <ul>
        <li>
          Standard products may be returned within 7 days of delivery if unused and in their original
          packaging. Contact support within that period to arrange a return.
        </li>
        <li>
          Personalised or customised products are made for you and cannot be returned unless they arrive
          damaged, defective or different from what you ordered.
        </li>
        <li>An order can be cancelled free of charge until production starts.</li>
        <li>Approved refunds are made to the original payment method within 7 working days of approval.</li>
      </ul>

      <h2>7. Reviews and content you post</h2>
      <p>
        Reviews must be honest and about the product. We may remove reviews that are abusive, unlawful,
        contain personal data or advertise other businesses.
      </p>

      <h2>8. Liability</h2>
      <p>
        Nothing in these terms limits your rights as a consumer under Indian law. Otherwise our liability for
        any order is limited to the amount you paid for it, and we are not liable for indirect or
        consequential loss.
      </p>

      <h2>9. Grievance officer</h2>
      <p>
        In line with the Consumer Protection (E-Commerce) Rules, 2020 and the Information Technology Act,
        2000, complaints can be sent to our Grievance Officer at{' '}
        <a href={`mailto:${shop.email}`}>{shop.email}</a> or by post to the address above. We acknowledge
        complaints within 48 hours and resolve them within one month of receipt.
      </p>

      <h2>10. Governing law</h2>
      <p>
        These terms are governed by the laws of India. Subject to your rights as a consumer to approach the
        consumer commission where you live, the courts of Mumbai, Maharashtra have jurisdiction.
      </p>
    </article>
  );
}
