import type { ReactNode } from 'react';

/** What a screen shows while its answer is on the way. */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A screen whose answer failed, in place of its content, with a way to ask again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}

/** A dismissible error banner above a screen's content. */
export function ErrorBanner({
  message,
  onDismiss,
  onRetry,
}: {
  message: string;
  onDismiss?(): void;
  onRetry?(): void;
}) {
  return (
    <div className="banner banner-error" role="alert">
      <span>{message}</span>
      <span className="banner-actions">
        {onRetry ? (
          <button type="button" className="btn btn-small btn-secondary" onClick={onRetry}>
            Retry
          </button>
        ) : null}
        {onDismiss ? (
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={onDismiss}>
            ×
          </button>
        ) : null}
      </span>
    </div>
  );
}
