// Stand-in for MinIO's `mc` client inside the minio stand-in image: only `mc ready <alias>`
// (docker-compose.yml's health check), which asks the local server's readiness probe.
const [command, alias] = process.argv.slice(2);
if (command !== 'ready' || alias !== 'local') {
  console.error(
    `mc stand-in: only 'mc ready local' is supported (got '${process.argv.slice(2).join(' ')}')`,
  );
  process.exit(2);
}
try {
  const response = await fetch('http://127.0.0.1:9000/minio/health/ready', {
    signal: AbortSignal.timeout(4000),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  console.log("The cluster 'local' is ready");
} catch (error) {
  console.error(`The cluster 'local' is not ready: ${error.message}`);
  process.exit(1);
}
