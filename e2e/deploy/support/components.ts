import { SERVICES, ServiceName } from '@shop/proto';

/**
 * The one list of what is deployed. Every check of the Dockerfiles, docker-compose.yml and the
 * Kubernetes manifests walks this list; its names are the Deployment, Service, compose service
 * and image names (`shop/<name>`), built from `dockerfileOf(component)`.
 * Kinds: the NestJS services and the gateway; the storefront, React Router's Node server; the back
 * office, static files served by nginx.
 */
export type Component =
  | { name: ServiceName; kind: 'service'; dir: string; image: string }
  | { name: 'gateway'; kind: 'gateway'; dir: string; image: string }
  | { name: 'web-store'; kind: 'storefront'; dir: string; image: string }
  | { name: 'web-admin'; kind: 'web'; dir: string; image: string };

export const COMPONENTS: readonly Component[] = [
  ...SERVICES.map((name) => ({
    name,
    kind: 'service' as const,
    dir: `services/${name}`,
    image: `shop/${name}`,
  })),
  { name: 'gateway', kind: 'gateway', dir: 'gateway', image: 'shop/gateway' },
  { name: 'web-store', kind: 'storefront', dir: 'web-store', image: 'shop/web-store' },
  { name: 'web-admin', kind: 'web', dir: 'web-admin', image: 'shop/web-admin' },
];

/** The NestJS processes: their environment, health routes and drain come from @shop/kit and the gateway's code. */
export const NEST_COMPONENTS = COMPONENTS.filter((c) => c.kind === 'service' || c.kind === 'gateway');
/** The apps nginx serves as static files. */
export const WEB_COMPONENTS = COMPONENTS.filter((c) => c.kind === 'web');
export const STOREFRONT = COMPONENTS.find((c) => c.kind === 'storefront')!;

/** The six services share one Dockerfile; their build arguments tell it which to build. */
export const dockerfileOf = (c: Component) =>
  c.kind === 'service' ? 'services/Dockerfile' : `${c.dir}/Dockerfile`;

/** `shop/catalog:1.2.3` and `registry.example/shop/catalog` are both the catalog's image. */
export function imageRepository(image: string): string {
  const lastSlash = image.lastIndexOf('/');
  const tagAt = image.indexOf(':', lastSlash + 1);
  const withoutTag = tagAt === -1 ? image : image.slice(0, tagAt);
  return withoutTag.split('@')[0];
}
