import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ACCOUNT_ERRORS, fetchStats } from '../../api/account';
import { connectionProblem } from '../../api/client';
import type { User } from '../../api/auth';
import { shortOrderId, StatusBadge } from '../../components/OrderStatus';
import { ErrorState, LoadingState } from '@shop/web-kit/QueryStates';
import { formatAmount } from '@shop/web-kit/format';
import { displayName, type SectionKey } from './sections';

/** Above this total spent a customer is shown as a Premium Member (storefront spec, section 9). */
export const PREMIUM_ABOVE = 5000;

export function Overview({ user, onNavigate }: { user: User; onNavigate(section: SectionKey): void }) {
  // Reloaded each time the section opens (storefront spec, section 2).
  const stats = useQuery({
    queryKey: ['account', 'stats'],
    queryFn: ({ signal }) => fetchStats(signal),
    refetchOnMount: 'always',
  });

  return (
    <>
      <div className="section-head">
        <h2>Account Overview</h2>
        {stats.data && stats.data.totalSpent > PREMIUM_ABOVE && (
          <span className="premium">Premium Member</span>
        )}
      </div>
      <p className="welcome">Welcome back, {displayName(user)}!</p>
      <dl className="contact-facts">
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{user.phone || 'Not provided'}</dd>
        </div>
      </dl>
      {stats.isPending ? (
        <LoadingState />
      ) : stats.isError ? (
        <ErrorState
          message={connectionProblem(stats.error) ?? ACCOUNT_ERRORS.load}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <>
          <ul className="stat-cards">
            <li>
              <button type="button" className="stat-card link" onClick={() => onNavigate('orders')}>
                <span className="stat-label">Total Orders</span>
                <span className="stat-number">{stats.data.totalOrders}</span>
              </button>
            </li>
            <li>
              <div className="stat-card">
                <span className="stat-label">Total Spent</span>
                <span className="stat-number">{formatAmount(stats.data.totalSpent)}</span>
              </div>
            </li>
            <li>
              <div className="stat-card">
                <span className="stat-label">Delivered</span>
                <span className="stat-number">{stats.data.deliveredOrders}</span>
              </div>
            </li>
            <li>
              <button type="button" className="stat-card link" onClick={() => onNavigate('wishlist')}>
                <span className="stat-label">Wishlist</span>
                <span className="stat-number">{stats.data.wishlistCount}</span>
              </button>
            </li>
          </ul>
          {stats.data.recentOrders.length > 0 && (
            <section className="recent-orders" aria-labelledby="recent-orders-title">
              <div className="section-head">
                <h3 id="recent-orders-title">Recent Orders</h3>
                <button type="button" className="btn-link" onClick={() => onNavigate('orders')}>
                  View All
                </button>
              </div>
              <div className="table-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Order ID</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Status</th>
                      <th scope="col">Action</th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.data.recentOrders.map((order) => (
                      <tr key={order._id}>
                        <td>#{shortOrderId(order._id)}</td>
                        <td>{formatAmount(order.totalAmount)}</td>
                        <td>
                          <StatusBadge status={order.orderStatus} />
                        </td>
                        <td>
                          <Link to={`/confirmation/${encodeURIComponent(order._id)}`}>
                            View Details
                            <span className="visually-hidden"> of order {shortOrderId(order._id)}</span>
                          </Link>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}
        </>
      )}
    </>
  );
}
