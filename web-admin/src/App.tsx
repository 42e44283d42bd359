import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LoadingState } from '@shop/web-kit/QueryStates';
import { createQueryClient } from '@shop/web-kit/query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { clientBridge } from './api/client';
import { AdminAuthProvider, useAdminAuth } from './auth/AdminAuthContext';
import { ConfirmProvider } from './components/ConfirmProvider';
import { ToastProvider } from './components/ToastProvider';
import { UnsavedChangesProvider } from './components/UnsavedChanges';
import { AdminLayout } from './layout/AdminLayout';
import LeaveToSite from './pages/LeaveToSite';

export const ADMIN_BASENAME = '/admin2009';

const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage'));
const CustomersPage = lazy(() => import('./pages/customers/CustomersPage'));
const CustomerDetailPage = lazy(() => import('./pages/customers/CustomerDetailPage'));
const ReportsPage = lazy(() => import('./pages/reports/ReportsPage'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const ProductsPage = lazy(() => import('./pages/products/ProductsPage'));
const OrdersPage = lazy(() => import('./pages/orders/OrdersPage'));

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AdminAuthProvider>
        <UnsavedChangesProvider>
          <ToastProvider>
            <ConfirmProvider>{children}</ConfirmProvider>
          </ToastProvider>
        </UnsavedChangesProvider>
      </AdminAuthProvider>
    </QueryClientProvider>
  );
}

/** Lets the request client navigate inside the app and end the in-memory session on a 401. */
export function ApiBridge() {
  const navigate = useNavigate();
  const { endSession } = useAdminAuth();
  useEffect(() => {
    clientBridge.navigate = (path) => {
      if (path === ADMIN_BASENAME || path.startsWith(`${ADMIN_BASENAME}/`)) {
        navigate(path.slice(ADMIN_BASENAME.length) || '/');
      } else {
        // The storefront (its login, /403) is another app: reaching it needs a full page load.
        window.location.assign(path);
      }
    };
    clientBridge.onSessionExpired = (scope) => {
      if (scope === 'admin') endSession();
    };
  }, [navigate, endSession]);
  return null;
}

/** The admin routes of the back-office spec, section 2, inside the /admin2009 basename. */
export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="/dashboard" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/:id" element={<OrdersPage />} />
          <Route path="products" element={<ProductsPage />} />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="customers/:id" element={<CustomerDetailPage />} />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="settings" element={<SettingsPage />} />
        </Route>
        <Route path="*" element={<LeaveToSite />} />
      </Routes>
    </Suspense>
  );
}

const queryClient = createQueryClient();

export default function App() {
  return (
    <BrowserRouter basename={ADMIN_BASENAME}>
      <AppProviders client={queryClient}>
        <ApiBridge />
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
