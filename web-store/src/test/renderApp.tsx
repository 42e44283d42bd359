import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type InitialEntry } from 'react-router-dom';
import { AppProviders, AppRoutes, createQueryClient } from '../App';

/** Shows where the router is, so tests can assert navigation and address-bar changes. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The whole app (routes, providers, lazy pages) at one address, as a shopper would load it. */
export function renderApp(entry: InitialEntry = '/', client = createQueryClient()) {
  const view = render(
    <MemoryRouter initialEntries={[entry]}>
      <AppProviders client={client}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...view, client };
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
