import { useId, type ReactNode } from 'react';

interface TitledSectionProps {
  title: ReactNode;
  /** h2 on a screen, h3 inside a dialog whose title is the h2. */
  level?: 'h2' | 'h3';
  className?: string;
  children: ReactNode;
}

/** A part of a screen or dialog, named by its own heading. */
export function TitledSection({ title, level = 'h2', className, children }: TitledSectionProps) {
  const headingId = useId();
  const Heading = level;
  return (
    <section className={className} aria-labelledby={headingId}>
      <Heading id={headingId} className="card-title">
        {title}
      </Heading>
      {children}
    </section>
  );
}
