import type { StorefrontSettings } from '@shop/proto';
import { usePublicSettings } from '../../cart/shippingTerms';
import { shopContactOf, type ShopContact } from '../../content/useShopContact';
import { formatPrice } from '@shop/web-kit/format';

/**
 * The six fixed questions of Help & FAQs (storefront spec, section 2). Whom to contact and how to
 * pay follow the shop's settings: its business e-mail and phone, and cash on delivery while offered.
 */
export function faqsFor(
  contact: Pick<ShopContact, 'email' | 'phone'>,
  settings: Pick<StorefrontSettings, 'codEnabled' | 'codLimit'> | undefined,
) {
  const cashOnDelivery = settings?.codEnabled
    ? ` You can also pay in cash on delivery for orders up to ${formatPrice(settings.codLimit)}.`
    : '';
  return [
    {
      question: 'How can I track my order?',
      answer:
        'Open Track Your Order in My Account and enter your order ID. You will see whether it is processing, shipped or delivered, with the tracking number once it ships.',
    },
    {
      question: 'What is your return policy?',
      answer: `Contact our support team at ${contact.email} or ${contact.phone} within 7 days of delivery and we will arrange a return or replacement.`,
    },
    {
      question: 'How do I change my password?',
      answer: 'Go to Settings > Change Password, enter your current password, then the new one twice.',
    },
    {
      question: 'How do I add a new address?',
      answer:
        'In Manage Addresses choose Add New Address, fill in the form and save. You can also add one at checkout.',
    },
    {
      question: 'What payment methods do you accept?',
      answer: `Payments go through Razorpay, a secure card payment provider that covers credit and debit cards, UPI and net banking.${cashOnDelivery}`,
    },
    {
      question: 'Can I customize products?',
      answer:
        "Yes. On a product's page you can upload images, add text and choose options; your choices stay with the item through checkout.",
    },
  ];
}

export function Faqs() {
  const settings = usePublicSettings().data;
  const faqs = faqsFor(shopContactOf(settings), settings);
  return (
    <>
      <h2>Help &amp; FAQs</h2>
      <div className="faqs">
        {faqs.map((faq) => (
          <details key={faq.question}>
            <summary>{faq.question}</summary>
            <p>{faq.answer}</p>
          </details>
        ))}
      </div>
    </>
  );
}
