import type { ReactNode } from 'react';

interface SummaryCardsProps {
  /** Names the group, e.g. 'Order summary'. */
  label: string;
  cards: readonly (readonly [label: string, value: ReactNode])[];
}

/** The figures above a list, one card each. */
export function SummaryCards({ label, cards }: SummaryCardsProps) {
  return (
    <dl className="summary-cards" aria-label={label}>
      {cards.map(([name, value]) => (
        <div key={name} className="card summary-card">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
