// The floor of `npm run bench:load`, run as a child process: the web stack with nothing in it —
// Express 5 + tRPC 11 (express adapter) + superjson, no body parser, no middleware, one public
// query that returns a constant. Prints `listening <port>` once it accepts connections; SIGTERM
// closes it. FLOOR_PORT (default 0, any free port), FLOOR_HOST (default 127.0.0.1).
import type { AddressInfo } from 'node:net';
import { initTRPC } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';
import superjson from 'superjson';
import { envValue, numberEnv } from '../env.js';

const t = initTRPC.create({ transformer: superjson });
const router = t.router({
  ping: t.procedure.query(() => ({ ok: true as const, at: 'piso' })),
});

const app = express();
app.disable('x-powered-by');
app.use('/trpc', createExpressMiddleware({ router, createContext: () => ({}) }));

const server = app.listen(numberEnv('FLOOR_PORT', 0), envValue('FLOOR_HOST') ?? '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 5_000).unref();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
