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

