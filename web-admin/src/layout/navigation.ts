import type { ComponentType, SVGProps } from 'react';
import {
  CustomersIcon,
  DashboardIcon,
  OrdersIcon,
  ProductsIcon,
  ReportsIcon,
  SettingsIcon,
} from '@shop/web-kit/icons';

export interface NavItem {
  path: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The sidebar's NAVIGATION section (back-office spec, section 2). Paths are inside /admin2009. */
export const NAV_ITEMS: NavItem[] = [
  { path: '/dashboard', label: 'Dashboard', icon: DashboardIcon },
  { path: '/orders', label: 'Orders', icon: OrdersIcon },
  { path: '/products', label: 'Products', icon: ProductsIcon },
  { path: '/customers', label: 'Customers', icon: CustomersIcon },
  { path: '/reports', label: 'Reports', icon: ReportsIcon },
  { path: '/settings', label: 'Settings', icon: SettingsIcon },
];

export function isActive(item: NavItem, pathname: string): boolean {
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

/** The header breadcrumb's page label; Dashboard when no section matches. */
export function pageLabel(pathname: string): string {
  return NAV_ITEMS.find((item) => isActive(item, pathname))?.label ?? 'Dashboard';
}
