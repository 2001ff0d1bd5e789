import { createServer, type Server, type Socket } from 'node:net';

/**
 * A minimal SMTP server on 127.0.0.1 for tests: it answers each RCPT TO with `reply(address)` (250 to accept) and
 * keeps every accepted message's text. Only what nodemailer's client needs, nothing more.
 */
export async function smtpStub(reply: (address: string) => string = () => '250 OK') {
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let data: string[] | null = null;
    let accepted = 0;
    socket.setEncoding('utf8');
    socket.write('220 stub ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push(data.join('\n'));
            data = null;
            socket.write('250 Queued\r\n');
          } else data.push(line);
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 stub\r\n');
        else if (command === 'MAIL') {
          accepted = 0;
          socket.write('250 OK\r\n');
        } else if (command === 'RCPT') {
          const answer = reply(/<([^>]*)>/.exec(line)?.[1] ?? '');
          if (answer.startsWith('250')) accepted += 1;
          socket.write(`${answer}\r\n`);
        } else if (command === 'DATA') {
          if (accepted === 0) socket.write('554 No valid recipients\r\n');
          else {
            data = [];
            socket.write('354 Go ahead\r\n');
          }
        } else if (command === 'RSET' || command === 'NOOP') socket.write('250 OK\r\n');
        else if (command === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('502 Not implemented\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
