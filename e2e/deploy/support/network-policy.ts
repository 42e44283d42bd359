import { K8sObject, LabelSelector, resolvePort, selects } from './kubernetes';

/** A party to a connection: a pod (ours or another namespace's) or an address outside the cluster. */
export interface Peer {
  name: string;
  namespace?: string;
  namespaceLabels?: Record<string, string>;
  labels?: Record<string, string>;
  ports?: { name?: string; containerPort: number; protocol?: string }[];
  /** For an address outside the cluster. */
  ip?: string;
}

interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyPort {
  protocol?: string;
  port?: number | string;
  endPort?: number;
}
interface Rule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: PolicyPort[];
}

const ipToInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const mask = Number(bits) === 0 ? 0 : (0xffffffff << (32 - Number(bits))) >>> 0;
  return (ipToInt(ip) & mask) >>> 0 === (ipToInt(base) & mask) >>> 0;
}

/**
 * The NetworkPolicy rules of one namespace, applied the way the API defines them: a pod that no
 * policy selects for a direction is open in that direction; a selected pod allows only what one
 * of its policies' rules allows, on both ends of the connection.
 */
export class NetworkPolicies {
  private readonly policies: K8sObject[];

  constructor(
    objects: K8sObject[],
    private readonly namespace: string,
  ) {
    this.policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  }

  allows(source: Peer, destination: Peer, port: number, protocol = 'TCP'): boolean {
    return (
      this.egressAllows(source, destination, port, protocol) &&
      this.ingressAllows(source, destination, port, protocol)
    );
  }

  /** The policy selectors (pod and peer selectors in this namespace) no given pod matches. */
  selectorsMatchingNothing(pods: Peer[]): string[] {
    const unmatched: string[] = [];
    const local = pods.filter((p) => this.isLocal(p));
    for (const policy of this.policies) {
      const name = policy.metadata.name;
      if (!local.some((p) => selects(policy.spec.podSelector, p.labels)))
        unmatched.push(`${name}: spec.podSelector`);
      for (const [direction, rules] of [
        ['ingress', policy.spec.ingress],
        ['egress', policy.spec.egress],
      ] as const) {
        (rules as Rule[] | undefined)?.forEach((rule, i) => {
          for (const peer of (direction === 'ingress' ? rule.from : rule.to) ?? []) {
            if (
              peer.podSelector &&
              !peer.namespaceSelector &&
              !local.some((p) => selects(peer.podSelector, p.labels))
            ) {
              unmatched.push(`${name}: ${direction}[${i}] podSelector ${JSON.stringify(peer.podSelector)}`);
            }
          }
        });
      }
    }
    return unmatched;
  }

  private isLocal(peer: Peer) {
    return !peer.ip && (peer.namespace ?? this.namespace) === this.namespace;
  }

  private types(policy: K8sObject): string[] {
    return policy.spec.policyTypes ?? (policy.spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);
  }

  private selecting(pod: Peer, type: 'Ingress' | 'Egress') {
    if (!this.isLocal(pod)) return [];
    return this.policies.filter(
      (p) => this.types(p).includes(type) && selects(p.spec.podSelector, pod.labels),
    );
  }

  private egressAllows(source: Peer, destination: Peer, port: number, protocol: string) {
    const policies = this.selecting(source, 'Egress');
    if (!policies.length) return true;
    return policies.some((p) =>
      ((p.spec.egress ?? []) as Rule[]).some(
        (rule) =>
          this.peersMatch(rule.to, destination) && this.portsMatch(rule.ports, destination, port, protocol),
      ),
    );
  }

  private ingressAllows(source: Peer, destination: Peer, port: number, protocol: string) {
    const policies = this.selecting(destination, 'Ingress');
    if (!policies.length) return true;
    return policies.some((p) =>
      ((p.spec.ingress ?? []) as Rule[]).some(
        (rule) =>
          this.peersMatch(rule.from, source) && this.portsMatch(rule.ports, destination, port, protocol),
      ),
    );
  }

  private peersMatch(peers: PolicyPeer[] | undefined, peer: Peer): boolean {
    if (!peers || !peers.length) return true;
    return peers.some((p) => {
      if (p.ipBlock) {
        if (!peer.ip) return false;
        return inCidr(peer.ip, p.ipBlock.cidr) && !(p.ipBlock.except ?? []).some((c) => inCidr(peer.ip!, c));
      }
      if (peer.ip) return false;
      if (p.namespaceSelector) {
        return (
          selects(p.namespaceSelector, this.namespaceLabels(peer)) && selects(p.podSelector, peer.labels)
        );
      }
      return this.isLocal(peer) && selects(p.podSelector, peer.labels);
    });
  }

  private namespaceLabels(peer: Peer) {
    const namespace = peer.namespace ?? this.namespace;
    return { 'kubernetes.io/metadata.name': namespace, ...(peer.namespaceLabels ?? {}) };
  }

  private portsMatch(
    ports: PolicyPort[] | undefined,
    destination: Peer,
    port: number,
    protocol: string,
  ): boolean {
    if (!ports || !ports.length) return true;
    return ports.some((p) => {
      if ((p.protocol ?? 'TCP') !== protocol) return false;
      if (p.port === undefined) return true;
      const number = resolvePort(p.port, [{ ports: destination.ports }]);
      if (number === undefined) return false;
      return p.endPort ? port >= number && port <= p.endPort : port === number;
    });
  }
}
