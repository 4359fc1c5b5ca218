// The floor of `npm run bench:worker`, run as a child process: a bare BullMQ Worker whose
// processor only sends the post to the sandbox X (one bearer token, no database, no token
// handling). Prints `ready` once connected; SIGTERM closes it. Configured by the bench through
// FLOOR_* variables.
import { type Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { requiredEnv } from '../env.js';

const required = (name: string) => requiredEnv(name, 'floor-worker');

const redisUrl = required('FLOOR_REDIS_URL');
const prefix = required('FLOOR_PREFIX');
const queueName = required('FLOOR_QUEUE');
const endpoint = `${required('FLOOR_SANDBOX_URL')}/api.twitter.com/2/tweets`;
const authorization = `Bearer ${required('FLOOR_TOKEN')}`;
const concurrency = Number(required('FLOOR_CONCURRENCY'));

const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
connection.on('error', () => {});

const worker = new Worker(
  queueName,
  async (job: Job<{ text: string }>) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ text: job.data.text }),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`a rede respondeu ${response.status}`);
    return response.status;
  },
  { connection, prefix, concurrency },
);
worker.on('error', (error) => process.stderr.write(`floor-worker: ${error.message}\n`));
worker.on('failed', (job, error) =>
  process.stderr.write(`floor-worker: job ${job?.id} falhou: ${error.message}\n`),
);

await worker.waitUntilReady();
process.stdout.write('ready\n');

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    worker
      .close()
      .then(() => connection.quit())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
