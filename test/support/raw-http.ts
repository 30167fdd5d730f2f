// One HTTP/1.1 request written by hand on a socket, for what fetch will not send: a header line twice, a header
// too large, a URL it would re-encode. Answers the whole response text.
import { connect } from 'node:net';

export function rawRequest(baseUrl: string, head: string[], body = ''): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', (error) => (chunks.length > 0 ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(error)));
    const lines = [...head, `Host: ${hostname}:${port}`, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}
