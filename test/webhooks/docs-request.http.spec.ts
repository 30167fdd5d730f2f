// The request docs/webhooks.md prints under "What you receive" is what a receiver gets: a real delivery has exactly its
// headers (beside HTTP's own Host, Content-Length and Connection), the fixed ones with their printed values, and a
// body with its fields. A receiver or a firewall rule written from the page (a User-Agent allowed through, say) then
// meets no surprise.
import { readFileSync } from 'node:fs';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { approveCharge } from '../support/outcomes.js';
import { Receiver, waitUntil } from './support/receiver.js';
import { createCharge, merchantWithEndpoint } from './support/webhooks.js';

const DOC = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');

/** The printed request: its header lines (name lower-cased) and its body. */
function printedRequest(): { headers: Map<string, string>; body: unknown } {
  const block = /## What you receive\n\n```http\n([\s\S]*?)```/.exec(DOC)?.[1];
  if (!block) throw new Error('docs/webhooks.md has no http block under "What you receive"');
  const [head = '', body = ''] = block.split('\n\n');
  const headers = new Map(
    head
      .split('\n')
      .slice(1)
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
  );
  return { headers, body: JSON.parse(body) };
}

/** Every key of a JSON value with its path (data.paymentId), so the two shapes compare. */
function shape(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [`${prefix}${key}`, ...shape(inner, `${prefix}${key}.`)]);
}

describe('the request printed in docs/webhooks.md', () => {
  let gw: TestGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    gw = await startTestGateway();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await gw.close();
  });

  it('has the headers and body fields of a real delivery, the fixed headers with their values', async () => {
    const printed = printedRequest();
    const merchant = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = merchant.secret!;
    const charge = await createCharge(gw, merchant);
    await approveCharge(gw, charge.id);
    await waitUntil(() => receiver.accepted.length > 0, 10_000, 'the delivery');
    const [received] = receiver.accepted;

    const names = Object.keys(received!.headers).filter((name) => !['host', 'content-length', 'connection'].includes(name));
    expect(names.sort()).toEqual([...printed.headers.keys()].sort());
    for (const fixed of ['content-type', 'user-agent', 'svc-event']) {
      expect([fixed, received!.headers[fixed]]).toEqual([fixed, printed.headers.get(fixed)]);
    }
    expect(shape(JSON.parse(received!.rawBody))).toEqual(shape(printed.body));
  });
});
