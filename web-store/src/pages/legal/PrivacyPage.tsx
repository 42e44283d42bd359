import { useShopContact } from '../../content/useShopContact';

export default function PrivacyPage() {
  const shop = useShopContact();
  return (
    <article className="container page legal">
      <h1>Privacy Policy</h1>
      <p className="legal-updated">Last updated: 1 September 2025</p>
      <p>
        This policy explains how {shop.name} collects, uses and protects your personal data when you use this
        website. We process personal data in accordance with the Digital Personal Data Protection Act, 2023
        and the Information Technology Act, 2000 and its rules.
      </p>

      <h2>1. Data we collect</h2>
      <ul>
        <li>
          Account details: username, e-mail address, phone number and, if you add them, your name and profile
          picture.
        </li>
        <li>Delivery addresses, order history, wishlist and cart contents.</li>
        <li>
          If you ask for a GST invoice, your business&apos;s GSTIN and company name, which the invoice
          carries.
        </li>
        <li>Files and text you upload to customise products.</li>
        <li>
          Payment status and references from our payment provider. Card, UPI and bank credentials are entered
          on the provider&apos;s secure page and never reach our servers.
        </li>
        <li>
          Technical data such as IP address, browser type and pages visited, used for security and to keep the
          site working.
        </li>
      </ul>

      <h2>2. Why we use it</h2>
      <ul>
        <li>To create and secure your account and keep you signed in.</li>
        <li>To produce, invoice, ship and support your orders, including GST invoicing.</li>
        <li>
          To e-mail you about your account and orders: verifying your address, order confirmations with their
          invoices, and word when an order ships, arrives, is cancelled or refunded.
        </li>
        <li>To prevent fraud and abuse, for example by limiting repeated failed sign-in attempts.</li>
        <li>To send offers, only if you subscribe to our newsletter; every e-mail lets you unsubscribe.</li>
      </ul>
      <p>
        We rely on your consent and on the legitimate uses permitted by law, such as fulfilling a purchase you
        asked for.
      </p>

      <h2>3. Browser storage</h2>
      <p>
        The website stores your sign-in token and, before you sign in, your cart in your browser&apos;s local
        storage so that they survive a page reload. Signing out removes the token. We do not use advertising
        cookies.
      </p>

      <h2>4. Sharing</h2>
      <p>
        We share only what is needed with courier partners (name, phone, delivery address), our payment
        provider (order amount and reference) and our hosting provider. We do not sell your personal data. We
        disclose data to authorities only when the law requires it.
      </p>

      <h2>5. Retention</h2>
      <p>
        We keep account data while your account is active, and order and invoice records for as long as Indian
        tax law requires. Uploaded artwork is kept with the order it belongs to, so that a reorder prints the
        same design.
      </p>

      <h2>6. Your rights</h2>
      <p>
        You may access, correct or erase your personal data, withdraw consent, and nominate someone to
        exercise these rights on your behalf. Most details can be changed under My Account; for anything else
        write to us. If you are not satisfied with our answer you may complain to the Data Protection Board of
        India.
      </p>

      <h2>7. Security</h2>
      <p>
        Passwords are stored only as salted hashes, all traffic is encrypted in transit, and access to
        personal data is limited to staff who need it to serve you.
      </p>

      <h2>8. Contact and grievances</h2>
      <p>
        Questions and complaints about your data go to our Grievance Officer at{' '}
        <a href={`mailto:${shop.email}`}>{shop.email}</a>, {shop.address}. We respond within 30 days.
      </p>
    </article>
  );
}
