import { useId, type ReactNode } from 'react';

interface PageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Above the title, e.g. a link back to the list the screen was opened from. */
  back?: ReactNode;
  /** The header's buttons, at its end. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A back-office screen under its header; the screen's region is named by its heading. */
export function Page({ title, subtitle, back, actions, children }: PageProps) {
  const headingId = useId();
  return (
    <section className="page" aria-labelledby={headingId}>
      <header className="page-header">
        <div>
          {back}
          <h1 id={headingId}>{title}</h1>
          {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}
