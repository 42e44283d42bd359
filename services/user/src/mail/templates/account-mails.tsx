import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { MailData } from '../mail-kinds';
import { type BusinessDetails, MailFrame, styles } from './mail-frame';
import type { MailContent } from './mail-content';

export function passwordResetMail(business: BusinessDetails, data: MailData['password-reset']): MailContent {
  return {
    subject: `Reset your ${business.businessName} password`,
    body: (
      <MailFrame business={business} preview="Choose a new password">
        <Text style={styles.text}>Hello {data.username},</Text>
        <Text style={styles.text}>
          We received a request to reset the password of your {business.businessName} account. Open this link
          to choose a new one:
        </Text>
        <Section style={{ margin: '16px 0' }}>
          <Button href={data.link} style={styles.button}>
            Choose a new password
          </Button>
        </Section>
        <Text style={styles.text}>{data.link}</Text>
        <Text style={styles.text}>
          The link works once and expires in {data.expiresInMinutes} minutes. If you did not ask for it, you
          can ignore this e-mail: your password stays as it is.
        </Text>
      </MailFrame>
    ),
  };
}

export function emailVerificationMail(
  business: BusinessDetails,
  data: MailData['email-verification'],
): MailContent {
  const expires = new Date(data.expiresAt);
  return {
    subject: `Verify your e-mail address for ${business.businessName}`,
    body: (
      <MailFrame business={business} preview="Confirm your e-mail address">
        <Text style={styles.text}>Hello {data.username},</Text>
        <Text style={styles.text}>
          Please confirm that this is your e-mail address. Once it is verified you can place orders.
        </Text>
        <Section style={{ margin: '16px 0' }}>
          <Button href={data.link} style={styles.button}>
            Verify my e-mail address
          </Button>
        </Section>
        <Text style={styles.text}>{data.link}</Text>
        <Text style={styles.text}>
          {Number.isNaN(expires.getTime())
            ? 'The link works for 24 hours.'
            : `The link works until ${formatDateTime(expires)}.`}{' '}
          If you did not create an account, you can ignore this e-mail.
        </Text>
      </MailFrame>
    ),
  };
}

/** A time as shoppers in India read it: "12 May 2026, 3:04 pm IST". */
export function formatDateTime(at: Date): string {
  return `${at.toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })} IST`;
}
