// A TCP port free on the loopback right now (the OS picks it): for the processes a script starts
// (a private Redis, the smoke test's web and worker, the fault runs' PostgreSQL).
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
