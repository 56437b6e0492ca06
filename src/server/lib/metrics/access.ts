/**
 * Who may read /metrics (METRICS_ALLOW). Every address the request passed through must be allowed:
 * the socket's peer and each one X-Forwarded-For names. Through the balancer the client's own address
 * is in X-Forwarded-For (which the balancer must send, as the rate limits already need), so a public
 * client reaching a server through it is refused although the balancer's own address is allowed;
 * a client that adds addresses of its own to the header only adds to what must pass.
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** The named ranges TRUST_PROXY also knows (proxy-addr's). */
const RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** A named range, a CIDR range or one address (checked by config.ts) as subnets. */
function subnetsOf(entry: string): [string, number, 'ipv4' | 'ipv6'][] {
  const named = RANGES[entry];
  if (named) return named;
  const [address = '', bits] = entry.split('/');
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return [[address, bits === undefined ? (family === 'ipv6' ? 128 : 32) : Number(bits), family]];
}

export function addressCheck(allowed: readonly string[]): (request: FastifyRequest) => boolean {
  const list = new BlockList();
  for (const entry of allowed) for (const [address, bits, family] of subnetsOf(entry)) list.addSubnet(address, bits, family);
  const allows = (raw: string) => {
    // An IPv4 client on a dual-stack socket is seen as ::ffff:a.b.c.d.
    const address = raw.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  return (request) => {
    const forwarded = request.headers['x-forwarded-for'];
    const chain = [request.socket.remoteAddress ?? '', ...(forwarded ? String(forwarded).split(',') : [])];
    return chain.every(allows);
  };
}
