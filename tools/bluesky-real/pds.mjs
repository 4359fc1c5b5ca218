// A real AT Protocol network for Pauta's Bluesky adapter (docs/networks.md, "Bluesky on a real
// PDS"): the Bluesky team's own PLC directory and PDS from @atproto/dev-env, on Node 22 (see
// run.mjs). Creates two accounts — one to publish as (with an app password), one to mention —,
// prints them as one JSON line on stdout and serves until SIGTERM.
import { TestNetworkNoAppView } from '@atproto/dev-env';

const network = await TestNetworkNoAppView.create({
  dbPostgresUrl: process.env.DB_POSTGRES_URL,
  dbPostgresSchema: process.env.DB_POSTGRES_SCHEMA,
  pds: { port: Number(process.env.PDS_PORT) },
  plc: { port: Number(process.env.PLC_PORT) },
});
const pds = network.pds.url;

async function xrpc(nsid, body, jwt) {
  const response = await fetch(`${pds}/xrpc/${nsid}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${nsid}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const suffix = Date.now().toString(36);
const ana = await xrpc('com.atproto.server.createAccount', {
  email: `ana-${suffix}@teste.pauta.dev`,
  handle: `ana${suffix}.test`,
  password: `senha-principal-${suffix}`,
});
const joao = await xrpc('com.atproto.server.createAccount', {
  email: `joao-${suffix}@teste.pauta.dev`,
  handle: `joao${suffix}.test`,
  password: `senha-principal-joao-${suffix}`,
});
const appPassword = await xrpc('com.atproto.server.createAppPassword', { name: 'Pauta' }, ana.accessJwt);
process.stdout.write(
  `${JSON.stringify({
    pds,
    handle: ana.handle,
    did: ana.did,
    appPassword: appPassword.password,
    mention: { handle: joao.handle, did: joao.did },
  })}\n`,
);

const stop = async () => {
  await network.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
