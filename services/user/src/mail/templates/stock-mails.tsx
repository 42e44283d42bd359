import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { MailData } from '../mail-kinds';
import type { MailContent } from './mail-content';
import { type BusinessDetails, MailFrame, styles } from './mail-frame';

const BRAND_NAMES: Record<string, string> = { ms: 'MS', jaksh: 'Jaksh' };

/** Staff: a product's stock fell to its threshold, and the reorder auto reorder opened for it. */
export function lowStockMail(
  business: BusinessDetails,
  data: MailData['low-stock'],
  productsUrl: string,
): MailContent {
  return {
    subject: `Low stock: ${data.name} (${data.stock} left)`,
    body: (
      <MailFrame business={business} preview={`${data.name} is down to ${data.stock}`}>
        <Heading as="h2" style={styles.heading}>
          {data.name} is running low
        </Heading>
        <Text style={styles.text}>
          {BRAND_NAMES[data.brand] ?? data.brand} · {data.stock} in stock, at or below its threshold of{' '}
          {data.threshold}.
        </Text>
        {data.reorder ? (
          <Text style={styles.text}>
            Auto reorder opened a reorder request for {data.reorder.quantity} units. Mark it received in the
            back office when the stock arrives.
          </Text>
        ) : (
          <Text style={styles.text}>Auto reorder is off: order more yourself if it is still needed.</Text>
        )}
        <Section style={{ margin: '16px 0' }}>
          <Button href={productsUrl} style={styles.button}>
            Open products
          </Button>
        </Section>
      </MailFrame>
    ),
  };
}
