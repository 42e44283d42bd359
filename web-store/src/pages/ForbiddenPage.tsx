import { Link } from 'react-router';

export default function ForbiddenPage() {
  return (
    <section className="container page narrow">
      <h1>Access denied</h1>
      <p>You do not have permission to view this page.</p>
      <p>If you think this is a mistake, sign in with the account that placed the order, or contact us.</p>
      <div className="actions">
        <Link to="/" className="btn btn-primary">
          Go to home
        </Link>
        <Link to="/login" className="btn btn-secondary">
          Sign in
        </Link>
      </div>
    </section>
  );
}
