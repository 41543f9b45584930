// Baseline for the retrieve benchmark: a bare node:http hello-world.
import { createServer } from 'node:http'

createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}')
}).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('Ready'))
