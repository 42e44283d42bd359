import type { ReactNode } from 'react';

interface SummaryCardsProps {
  /** Names the group, e.g. 'Order summary'. */
  label: string;
  /** A note says what a figure counts when its name alone does not. */
  cards: readonly (readonly [label: string, value: ReactNode, note?: string])[];
}

/** The figures above a list, one card each. */
export function SummaryCards({ label, cards }: SummaryCardsProps) {
  return (
    <dl className="summary-cards" aria-label={label}>
      {cards.map(([name, value, note]) => (
        <div key={name} className="card summary-card">
          <dt>{name}</dt>
          <dd>
            {value}
            {note ? <span className="figure-note">{note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
