import type { CustomizationDetail } from '../../cart/customizationSummary';
import { formatPrice } from '@shop/web-kit/format';

export interface SummaryLine {
  key: string;
  name: string;
  quantity: number;
  /** The line's customization in words. */
  details: CustomizationDetail[];
  lineTotal: number;
}

/** An order's lines as checkout and the confirmation list them: name × quantity, choices, total. */
export function SummaryLines({ lines }: { lines: SummaryLine[] }) {
  return (
    <ul className="summary-lines">
      {lines.map((line) => (
        <li key={line.key}>
          <span>
            {line.name} × {line.quantity}
            {line.details.map((d) => (
              <span key={d.label} className="summary-detail">
                {d.label}: {d.value}
              </span>
            ))}
          </span>
          <span>{formatPrice(line.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
