// The ceiling for bench/api.mjs: a bare node:http server, in its own process like the app, answering
// every request with one fixed JSON body (the size of /api/health's). Listens on 127.0.0.1 at the
// port given, prints {"ready": true} and runs until it is stopped.
import http from 'node:http';

const body = Buffer.from(JSON.stringify({ status: 'ok', database: 'postgres' }));
const port = Number(process.argv[2]);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1', () => process.stdout.write('{"ready": true}\n'));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
