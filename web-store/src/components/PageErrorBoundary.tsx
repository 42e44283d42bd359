import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CLIENT_MESSAGES, isOnline } from '../api/client';
import { createLogger } from '@shop/web-kit/logger';
import { ErrorState } from '@shop/web-kit/QueryStates';

const logger = createLogger('page');

export const PAGE_FAILED = 'This page could not be loaded. Please try again.';

interface Props {
  children: ReactNode;
  /** The address: leaving a page that failed shows the next one. */
  path: string;
}

/**
 * A page whose code could not be fetched (the connection dropped before the shopper opened it)
 * says so, instead of the whole storefront going blank. Try again loads the page afresh: a page
 * module that failed once is not fetched again by the running app.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.path !== this.props.path) this.setState({ failed: false });
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    logger.error('A page failed to render', { error, componentStack: info.componentStack });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="container page narrow">
        <ErrorState
          message={isOnline() ? PAGE_FAILED : CLIENT_MESSAGES.offline}
          onRetry={() => window.location.reload()}
        />
      </section>
    );
  }
}
