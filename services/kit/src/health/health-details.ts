import { Injectable } from '@nestjs/common';

/** One part's state: `up` plus whatever tells an operator what is wrong (no secrets). */
export interface HealthDetail {
  up: boolean;
  [info: string]: unknown;
}

/**
 * Parts of a service that can fail without making it unready, such as the user service's mail:
 * a pod whose SMTP relay refuses mail still answers every RPC, so taking it out of service would
 * help nobody. Their state is reported by GET /health/details, which monitoring watches.
 */
@Injectable()
export class HealthDetails {
  private readonly sources = new Map<string, () => HealthDetail>();

  register(name: string, read: () => HealthDetail): void {
    this.sources.set(name, read);
  }

  read(): [string, HealthDetail][] {
    return [...this.sources].map(([name, read]) => [name, read()]);
  }
}
