import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createQueryClient } from '@shop/web-kit/query';
import { ADMIN_BASENAME, ApiBridge, AppProviders, AppRoutes } from '../App';

export const ADMIN = { _id: 'a1b2c3d4-0000-4000-8000-000000000001', email: 'owner@msjaksh.in' };

/** Shows the router's current location so tests can assert where navigation went. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

export function renderAdmin(path: string, options: { signedIn?: boolean; children?: ReactNode } = {}) {
  if (options.signedIn ?? true) localStorage.setItem('adminToken', 'admin-jwt');
  const user = userEvent.setup({ delay: null });
  const client = createQueryClient();
  const view = render(
    <MemoryRouter basename={ADMIN_BASENAME} initialEntries={[`${ADMIN_BASENAME}${path}`]}>
      <AppProviders client={client}>
        <ApiBridge />
        <LocationProbe />
        {options.children ?? <AppRoutes />}
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...view, user, client };
}
