import { fireEvent, render, screen } from '@testing-library/react';
import { EmptyState, ErrorBanner, ErrorState, LoadingState } from './QueryStates';

describe('the query states', () => {
  it("announce loading as a status, 'Loading...' unless labelled", () => {
    render(
      <>
        <LoadingState />
        <LoadingState label="Loading orders..." />
      </>,
    );
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      'Loading...',
      'Loading orders...',
    ]);
  });

  it("show a failure as an alert with 'Try again', which asks again", () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Failed to load products. Please try again later." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load products. Please try again later.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('show an empty list by its title and whatever the screen adds below', () => {
    render(
      <EmptyState title="No orders yet">
        <a href="/products">Start shopping</a>
      </EmptyState>,
    );
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toBeInTheDocument();
  });

  it('offer Retry and Dismiss on a banner only when the screen handles them', () => {
    const onRetry = vi.fn();
    const onDismiss = vi.fn();
    const { rerender } = render(<ErrorBanner message="Failed to load orders" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load orders');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<ErrorBanner message="Failed to load orders" onRetry={onRetry} onDismiss={onDismiss} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
