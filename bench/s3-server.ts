// An S3-compatible server (s3rver) in its own process for bench/export.ts, so its work (hashing and
// writing uploads) does not delay the load clients' clocks. Prints "Ready <endpoint>".
import { startS3Server } from '../server/test/s3-server'

const s3 = await startS3Server(process.argv.slice(2))
console.log(`Ready ${s3.endpoint}`)
process.on('SIGTERM', () => void s3.close().then(() => process.exit(0)))
