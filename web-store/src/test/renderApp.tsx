import type { RouteConfigEntry } from '@react-router/dev/routes';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import {
  createMemoryRouter,
  RouterProvider,
  useLocation,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { Layout } from '../components/Layout';
import { AppProviders } from '../providers';
import { browserQueryClient } from '../queryClient';
import routes from '../routes';

interface PageModule {
  default?: ComponentType;
  ErrorBoundary?: ComponentType;
  clientLoader?: RouteObject['loader'];
}

/** The page routes' modules (src/routes.ts), as the browser runs them: their client loaders. */
const modules = import.meta.glob<PageModule>('../routes/*.tsx', { eager: true });

function pageRoute(entry: RouteConfigEntry): RouteObject[] {
  const module = modules[`../${entry.file}`];
  if (!module?.default) return [];
  const route = {
    id: entry.id ?? entry.file,
    path: entry.path,
    Component: module.default,
    ErrorBoundary: module.ErrorBoundary,
    loader: module.clientLoader,
  };
  return [entry.index ? { ...route, index: true } : route];
}

/** Shows where the router is, so tests can assert navigation and address-bar changes. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function Frame() {
  return (
    <AppProviders client={browserQueryClient()}>
      <Layout />
      <LocationProbe />
    </AppProviders>
  );
}

/**
 * The whole app (every page route of src/routes.ts in the site's frame, with the browser's cache)
 * at one address, as a shopper navigates it once the page has loaded.
 */
export function renderApp(entry: InitialEntry = '/') {
  const router = createMemoryRouter([{ Component: Frame, children: routes.flatMap(pageRoute) }], {
    initialEntries: [entry],
  });
  const view = render(<RouterProvider router={router} />);
  return { ...view, client: browserQueryClient(), router };
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
