// `npx tsx scripts/bench-uploads.ts`: the reference server's memory while it takes ten 49 MB videos at once.
// Starts the real server (server/main.ts, or BENCH_SERVER) as its own process on a temporary DATA_DIR, signs in,
// sends ten concurrent multipart posts (POST /api/post/create, field `video`: an MP4 header and 49 MB of filler,
// generated as it is sent), and reports the server's resident memory: before, and its peak (VmHWM from /proc, so
// the figure does not depend on how often it is sampled, nor on the machine's load). Linux only; 127.0.0.1 only.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryMb, root, signIn, startServer, stopServer } from './bench-support';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const VIDEO_BYTES = Number(process.env.BENCH_VIDEO_MB ?? 49) * 1024 * 1024;
const entry = process.env.BENCH_SERVER ?? join(root, 'server', 'main.ts');
const clipStart = readFileSync(join(root, 'server', 'fixtures', 'sample.mp4'));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** One post with a video, its body written in 64 KB pieces as the connection takes them. */
function upload(port: number, token: string, index: number) {
  const boundary = `bench-boundary-${index}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBench ${index}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(64 * 1024, index);
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/post/create',
        agent: false,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + VIDEO_BYTES + tail.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      },
    );
    request.on('error', reject);
    request.write(head);
    request.write(clipStart);
    let sent = clipStart.length;
    const pump = () => {
      while (sent < VIDEO_BYTES) {
        const piece = filler.subarray(0, Math.min(filler.length, VIDEO_BYTES - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      request.end(tail);
    };
    pump();
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-uploads-'));
const port = await freePort();
const server = await startServer({ port, dataDir, entry });
try {
  const token = await signIn(port);
  const before = memoryMb(server.pid!, 'VmRSS');
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(port, token, i)));
  const seconds = (performance.now() - started) / 1000;
  const peak = memoryMb(server.pid!, 'VmHWM');
  const stored = readdirSync(join(dataDir, 'uploads')).map(
    (name) => statSync(join(dataDir, 'uploads', name)).size,
  );
  console.log(`${entry}`);
  console.log(
    `${UPLOADS} concurrent uploads of ${(VIDEO_BYTES / 1024 / 1024).toFixed(0)} MB: answers ${statuses.join(' ')}, ` +
      `${stored.filter((size) => size === VIDEO_BYTES).length} stored whole, ${seconds.toFixed(1)} s (noisy)`,
  );
  console.log(`server RSS before: ${before.toFixed(0)} MB, peak (VmHWM): ${peak.toFixed(0)} MB`);
  if (statuses.some((status) => status !== 200)) process.exitCode = 1;
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
