/** Who is working on a store: worker ids that tell hosts and processes apart, and whether a local one is alive. */
import { hostname } from 'node:os';

/** A worker id that tells this host and process apart from every other. */
export function newWorkerId(): string {
  return `${hostname()}/${process.pid}/${Math.random().toString(36).slice(2, 8)}`;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}


/**
 * Whether a running job's claim is stale: its lease ran out, or its worker's process on this host is gone (or
 * is this very process under another worker id, as after a restart that reused the pid). `live` are the worker
 * ids this process is running.
 */
export function isStale(worker: string | null, leaseUntil: number | null, now: number, live: ReadonlySet<string>): boolean {
  if (leaseUntil === null || leaseUntil < now || worker === null) return true;
  const [h, pid] = worker.split('/');
  if (h !== hostname() || pid === undefined) return false;
  if (Number(pid) === process.pid) return !live.has(worker);
  return !processAlive(Number(pid));
}
