import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeServer } from './harness';

/**
 * Request bodies over real HTTP, served as server/main.ts serves the app (@hono/node-server on a port): what a
 * client sees when the server answers before reading a body.
 */

const MB = 1024 * 1024;
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/**
 * The app on an ephemeral port. `read()` is what the server took off each of its connections (once they are
 * closed), `readWhenAnswered` what it had taken off a connection when each answer had been written.
 */
async function listen() {
  const server = await makeServer();
  const connections: Socket[] = [];
  const readWhenAnswered: number[] = [];
  const listener = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  listener.on('connection', (socket: Socket) => connections.push(socket));
  listener.on('request', (request: http.IncomingMessage, response: http.ServerResponse) =>
    response.on('finish', () => readWhenAnswered.push(request.socket.bytesRead)),
  );
  await new Promise((resolve) => listener.once('listening', resolve));
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        listener.closeAllConnections();
        listener.close(() => resolve());
      }),
  );
  const port = (listener.address() as AddressInfo).port;
  const read = async () => {
    await vi.waitFor(() => expect(connections.every((socket) => socket.destroyed)).toBe(true), {
      timeout: 5000,
    });
    return connections.map((socket) => socket.bytesRead);
  };
  return { ...server, port, read, readWhenAnswered };
}

type Answer = { status: number; headers: IncomingHttpHeaders; text: string; socket: number };

/** One request through `agent`, its body written by `send`; rejects on any socket error before the answer. */
function ask(
  port: number,
  agent: http.Agent | false,
  options: http.RequestOptions,
  send: (request: http.ClientRequest) => void = (request) => request.end(),
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, agent, ...options }, (response) => {
      const socket = response.socket.localPort!;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          text: Buffer.concat(chunks).toString(),
          socket,
        }),
      );
    });
    request.on('error', reject);
    send(request);
  });
}

/** Writes `size` bytes of filler as fast as the connection takes them, then ends the request. */
const writeFiller = (size: number) => (request: http.ClientRequest) => {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  const pump = () => {
    while (sent < size) {
      sent += chunk.length;
      if (!request.write(chunk)) return void request.once('drain', pump);
    }
    request.end();
  };
  pump();
};

const json = (text: string) => JSON.parse(text) as unknown;

describe('an answer sent before the body was read', () => {
  it('closes the connection cleanly: the answer arrives whole and the next request is answered', async () => {
    const { port, token } = await listen();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    stops.push(async () => agent.destroy());
    const next = () => ask(port, agent, { path: '/api/childsafetypolicy' });
    const refusals = [
      {
        options: {
          method: 'POST',
          path: '/api/login',
          headers: { 'Content-Type': 'application/json', 'Content-Length': 2 * MB },
        },
        send: writeFiller(2 * MB),
        answer: { status: 413, message: 'The request body is too large' },
      },
      {
        options: {
          method: 'POST',
          path: '/api/post/create',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'text/plain',
            'Content-Length': 300_000,
          },
        },
        send: writeFiller(300_000),
        answer: { status: 400, message: 'The request must be multipart form data' },
      },
      {
        options: {
          method: 'POST',
          path: '/api/faq/create',
          headers: { 'Content-Type': 'application/json', 'Content-Length': 2 * MB },
        },
        send: writeFiller(2 * MB),
        answer: { status: 401, message: 'Authentication required' },
      },
    ];
    for (const { options, send, answer } of refusals) {
      const refused = await ask(port, agent, options, send);
      expect(refused.status, options.path).toBe(answer.status);
      expect(json(refused.text), options.path).toEqual({ success: false, message: answer.message });
      expect(Number(refused.headers['content-length']), options.path).toBe(Buffer.byteLength(refused.text));
      expect(refused.headers.connection, options.path).toBe('close');
      const after = await next();
      expect(after.status, options.path).toBe(200);
      expect(json(after.text)).toMatchObject({ success: true });
    }
  });

  it('keeps the connection when the body was read, even for a refusal', async () => {
    const { port, token } = await listen();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    stops.push(async () => agent.destroy());
    const refused = await ask(
      port,
      agent,
      {
        method: 'POST',
        path: '/api/faq/create',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      },
      (request) => request.end(JSON.stringify({ answer: 'A', enabled: true })),
    );
    expect(refused.status).toBe(400);
    expect(json(refused.text)).toEqual({ success: false, message: 'Question is required' });
    expect(refused.headers.connection).toBe('keep-alive');
    const after = await ask(port, agent, { path: '/api/childsafetypolicy' });
    expect(after.status).toBe(200);
    expect(after.headers.connection).toBe('keep-alive');
    expect(after.socket).toBe(refused.socket);
    expect((await ask(port, agent, { path: '/api/childsafetypolicy' })).socket).toBe(refused.socket);
  });
});
