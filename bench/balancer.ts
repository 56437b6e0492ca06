/**
 * Debian's haproxy in front of the benchmark's app servers (the multi-server shape of
 * docs/operators/several-servers.md), from a generated configuration: round robin, health checks on
 * /api/health, the client's address added to X-Forwarded-For (so the servers run with TRUST_PROXY=2 behind it).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

function config(port: number, serverPorts: number[]): string {
  return `global
  maxconn 4000
defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  # A loaded server answers its health check late; only one that stops answering is taken out.
  timeout check 3s
  retries 2
  option redispatch
frontend web
  bind 127.0.0.1:${port}
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 500ms fall 3 rise 1
${serverPorts.map((p, i) => `  server s${i} 127.0.0.1:${p} check`).join('\n')}
`;
}

/** Starts haproxy on `port` in front of the servers on `serverPorts`; its configuration lives in `dir`. */
export function startBalancer(dir: string, port: number, serverPorts: number[]): ChildProcess {
  if (!fs.existsSync(HAPROXY)) throw new Error(`--servers needs haproxy at ${HAPROXY} (apt-get install -y haproxy, or HAPROXY_PATH)`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config(port, serverPorts));
  execFileSync(HAPROXY, ['-c', '-q', '-f', file]);
  // Its warnings (a server down while it restarts) are the benchmark's own doing, not news.
  return spawn(HAPROXY, ['-db', '-f', file], { stdio: 'ignore' });
}

/**
 * After the servers answer on their own ports: haproxy marks a server up at its next check (every 500 ms),
 * so waiting two intervals before the balancer answers keeps a scenario from starting on part of them.
 */
export async function balancerReady(base: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1200));
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${base}: the balancer found no healthy server in 30 s`);
}
