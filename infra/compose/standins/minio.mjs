// Stand-in for the `minio/minio` image (compose tier only; infra/compose/README.md): an S3
// protocol server (s3rver) started the way docker-compose.yml starts MinIO —
// `server <dir> [--address :9000] [--console-address :9001]` with MINIO_ROOT_USER and
// MINIO_ROOT_PASSWORD as the only accepted credentials (requests are signature-checked with them).
// MinIO's health probes answer too (`/minio/health/live`, `/minio/health/ready`; `mc ready local`
// asks the second). The console port is accepted and not served.
import http from 'node:http';
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account.js';

function usage(message) {
  console.error(
    `minio stand-in: ${message}\nusage: server <dir> [--address :9000] [--console-address :9001]`,
  );
  process.exit(2);
}

const args = process.argv.slice(2);
if (args[0] !== 'server') usage(`unsupported command '${args.join(' ')}'`);
let directory;
let address = ':9000';
for (let i = 1; i < args.length; i++) {
  if (args[i] === '--address') address = args[++i] ?? usage('--address needs a value');
  else if (args[i] === '--console-address') i++;
  else if (args[i].startsWith('--')) usage(`unsupported option ${args[i]}`);
  else directory = args[i];
}
if (!directory) usage('no data directory');
const port = Number(address.split(':').pop());
const host = address.includes(':') && !address.startsWith(':') ? address.split(':')[0] : '0.0.0.0';

const user = process.env.MINIO_ROOT_USER || 'minioadmin';
const password = process.env.MINIO_ROOT_PASSWORD || 'minioadmin';
if (password.length < 8)
  usage('MINIO_ROOT_PASSWORD must be at least 8 characters (as MinIO requires)');
AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
AWSAccount.DUMMY_ACCOUNT.createKeyPair(user, password);

mkdirSync(directory, { recursive: true });
// Path-style only, as MinIO by default: s3rver would take the `minio` of `Host: minio:9000` for a
// bucket name (virtual-host style).
const s3 = new S3rver({ directory, silent: true, vhostBuckets: false });
const handle = s3.getMiddleware();
const server = http.createServer((request, response) => {
  const path = (request.url ?? '').split('?')[0];
  if (request.method === 'GET' || request.method === 'HEAD') {
    if (path === '/minio/health/live' || path === '/minio/health/ready') {
      response.writeHead(200, { 'content-length': 0 }).end();
      return;
    }
  }
  const started = Date.now();
  response.on('finish', () =>
    console.log(`${request.method} ${path} ${response.statusCode} ${Date.now() - started} ms`),
  );
  handle(request, response);
});
server.listen(port, host, () =>
  console.log(
    `minio stand-in (s3rver): S3 API on ${host}:${port}, data in ${directory}, user ${user}`,
  ),
);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
