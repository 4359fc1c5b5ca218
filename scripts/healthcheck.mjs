// The image's HEALTHCHECK: `node scripts/healthcheck.mjs [/healthz]` exits 0 when this container's
// process answers the path with a 2xx — the web on PORT, or the worker on WORKER_HEALTH_PORT.
// Plain JavaScript: the runtime image has no tsx.
const path = process.argv[2] ?? '/healthz';
const ports = [process.env.PORT || '3000', process.env.WORKER_HEALTH_PORT || '9464'];
for (const port of ports) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) });
    if (res.ok) process.exit(0);
  } catch {
    // nothing on this port: the other process kind, or not up yet
  }
}
process.exit(1);
