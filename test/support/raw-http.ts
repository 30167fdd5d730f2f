// One HTTP/1.1 request written by hand on a socket, for what fetch will not send: a header line twice, a header
// too large, a URL it would re-encode, a Content-Length that does not match the body. Answers the whole response text.
import { connect } from 'node:net';

export interface RawOptions {
  /** The Content-Length line to send; null sends none (e.g. with Transfer-Encoding). Default: the body's length. */
  contentLength?: number | null;
  /** Gives up after this long, answering what arrived (so a hang shows as an empty or cut answer). */
  timeoutMs?: number;
}

export function rawRequest(baseUrl: string, head: string[], body = '', options: RawOptions = {}): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  const contentLength = options.contentLength === undefined ? Buffer.byteLength(body) : options.contentLength;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const answer = (): void => resolve(Buffer.concat(chunks).toString('utf8'));
    if (options.timeoutMs !== undefined) {
      socket.setTimeout(options.timeoutMs, () => {
        answer();
        socket.destroy();
      });
    }
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', answer);
    socket.on('close', answer);
    socket.on('error', (error) => (chunks.length > 0 ? answer() : reject(error)));
    const lines = [...head, `Host: ${hostname}:${port}`, 'Connection: close', ...(contentLength === null ? [] : [`Content-Length: ${contentLength}`])];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}
