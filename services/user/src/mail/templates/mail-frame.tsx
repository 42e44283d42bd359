import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { SettingsUpdatedEvent } from '@shop/proto';
import type { CSSProperties, ReactNode } from 'react';

/** Who the mail is from, as the back office's settings say when it is sent. */
export type BusinessDetails = Pick<
  SettingsUpdatedEvent,
  'businessName' | 'businessEmail' | 'businessPhone' | 'businessAddress' | 'gstNumber'
>;

export const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', color: '#18181b' },
  container: { backgroundColor: '#ffffff', margin: '24px auto', padding: '24px', maxWidth: '600px' },
  brand: { fontSize: '20px', fontWeight: 'bold', margin: '0 0 16px' },
  heading: { fontSize: '18px', fontWeight: 'bold', margin: '0 0 12px' },
  text: { fontSize: '14px', lineHeight: '22px', margin: '0 0 12px' },
  muted: { fontSize: '12px', lineHeight: '18px', color: '#71717a', margin: '0 0 4px' },
  button: {
    backgroundColor: '#18181b',
    color: '#ffffff',
    padding: '10px 16px',
    fontSize: '14px',
    textDecoration: 'none',
  },
  cell: { fontSize: '14px', padding: '6px 0', verticalAlign: 'top' },
  figure: {
    fontSize: '14px',
    padding: '6px 0',
    textAlign: 'right',
    verticalAlign: 'top',
    whiteSpace: 'nowrap',
  },
} satisfies Record<string, CSSProperties>;

/**
 * Every mail's frame: the business's name on top, and its contact details (and GSTIN, once set)
 * at the foot, so a shopper can always tell who wrote and how to answer.
 */
export function MailFrame({
  business,
  preview,
  children,
}: {
  business: BusinessDetails;
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{business.businessName}</Text>
          {children}
          <Hr />
          <Section>
            <Text style={styles.muted}>{business.businessName}</Text>
            {business.businessAddress && <Text style={styles.muted}>{business.businessAddress}</Text>}
            {business.businessPhone && <Text style={styles.muted}>Phone: {business.businessPhone}</Text>}
            {business.businessEmail && (
              <Text style={styles.muted}>
                E-mail: <Link href={`mailto:${business.businessEmail}`}>{business.businessEmail}</Link>
              </Text>
            )}
            {business.gstNumber && <Text style={styles.muted}>GSTIN: {business.gstNumber}</Text>}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
