// The receivers printed in docs/webhooks.md (node:http, Python, PHP), each run as a process of its own by its
// language's runtime, as the endpoint of real deliveries from a gateway; and over HTTP, the table of signature cases
// the printed verifiers answer (docs-verifier.spec.ts).
import { createHmac } from 'node:crypto';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { approveCharge } from '../support/outcomes.js';
import { freePort } from '../support/ports.js';
import { DOCS_RECEIVERS, startDocsReceiver, type RunningReceiver } from './support/docs-receivers.js';
import { Receiver, waitUntil } from './support/receiver.js';
import { expectedAnswers, realDelivery, signatureCases, type SignatureCase } from './support/signature-cases.js';
import { createCharge, deliveries, merchantWithEndpoint, untilDeliveries } from './support/webhooks.js';

/** POSTs a body and an svc-signature header (none when undefined) as the gateway would; answers the status. */
async function post(url: string, c: Pick<SignatureCase, 'rawBody' | 'header'>): Promise<number> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(c.header === undefined ? {} : { 'svc-signature': c.header }) },
    body: c.rawBody,
  });
  await answer.arrayBuffer();
  return answer.status;
}

describe.each(DOCS_RECEIVERS)('the $name receiver printed in docs/webhooks.md', (printed) => {
  let gw: TestGateway;
  let capture: Receiver;
  const running: RunningReceiver[] = [];

  /** A new merchant whose endpoint is the printed receiver, started with the endpoint's secret. */
  async function merchantWithPrintedReceiver() {
    const port = await freePort();
    const merchant = await merchantWithEndpoint(gw, `http://127.0.0.1:${port}/webhooks/pasarela`);
    const receiver = await startDocsReceiver(printed, port, merchant.secret!);
    running.push(receiver);
    return { merchant, receiver, port };
  }

  beforeAll(async () => {
    gw = await startTestGateway();
    capture = await Receiver.start();
  });
  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    await capture.close();
    await gw.close();
  });

  it('gets a real delivery, answers 200 and dispatches once; a forged one 400; a re-send 200, not dispatched again', async () => {
    const { merchant, receiver } = await merchantWithPrintedReceiver();
    const charge = await createCharge(gw, merchant);
    await approveCharge(gw, charge.id);
    const [delivered] = await untilDeliveries(gw, merchant.merchantId, 'entregada');
    expect(delivered!.intentos.map((a) => a.codigoEstado)).toEqual([200]);
    await waitUntil(() => receiver.lines().includes(`dispatch ${charge.referencia}`), 10_000, 'the dispatch of the order');

    // Someone without the secret: the same shape, signed with another key, is refused and changes nothing.
    const t = Math.floor(Date.now() / 1000);
    const forgedBody = JSON.stringify({ id: 'evt_0', created: t, type: 'payment.completed', data: { paymentId: charge.id, reference: 'PED-FORJADO', monto: 1, currency: 'COP', estado: 'aprobado' } });
    const forgedHeader = `t=${t},v1=${createHmac('sha256', 'whsec_otro').update(`${t}.${forgedBody}`).digest('hex')}`;
    expect(await post(receiver.url, { rawBody: forgedBody, header: forgedHeader })).toBe(400);

    // A re-send is a repeat: answered 200 (or it would be retried), stored once, the order dispatched once.
    expect((await http('POST', `${gw.adminUrl}/internal/entregas/${delivered!.id}/reenvio`, { token: gw.operatorToken })).status).toBe(202);
    await waitUntil(async () => (await deliveries(gw, merchant.merchantId, 'entregada'))[0]?.intentos.length === 2, 10_000, 'the re-send recorded');
    expect((await deliveries(gw, merchant.merchantId, 'entregada'))[0]!.intentos.map((a) => a.codigoEstado)).toEqual([200, 200]);
    expect(receiver.lines()).toEqual([`saved ${charge.id} true`, `dispatch ${charge.referencia}`, `saved ${charge.id} false`]);
  });

  it('answers the table of signature cases over HTTP: 200 to the accepted ones, 400 to every other before storing anything', async () => {
    const delivered = await realDelivery(gw, capture);
    const port = await freePort();
    const receiver = await startDocsReceiver(printed, port, delivered.secret);
    running.push(receiver);
    const cases = signatureCases(delivered);
    const statuses: Record<string, number> = {};
    for (const c of cases) statuses[c.name] = await post(receiver.url, c);
    expect(statuses).toEqual(Object.fromEntries(Object.entries(expectedAnswers(cases)).map(([name, accepted]) => [name, accepted ? 200 : 400])));
    // The first case is the delivery as received: stored and dispatched; every other accepted one is a repeat.
    const repeats = cases.filter((c) => c.accepted).length - 1;
    expect(receiver.lines()).toEqual([
      `saved ${delivered.paymentId} true`,
      `dispatch ${delivered.reference}`,
      ...Array.from({ length: repeats }, () => `saved ${delivered.paymentId} false`),
    ]);
  });

  // A deployment that sets the variable to nothing (`PASARELA_WEBHOOK_SECRET=${UNSET}` in a compose file): a key of
  // nothing signs a notice anyone can make.
  it('started with an empty secret, accepts no notice, not one signed with an empty key, and stores nothing', async () => {
    const port = await freePort();
    const receiver = await startDocsReceiver(printed, port, '');
    running.push(receiver);
    const t = Math.floor(Date.now() / 1000);
    const forgedBody = JSON.stringify({ id: 'evt_0', created: t, type: 'payment.completed', data: { paymentId: 'e0c1b2a3-0000-4000-8000-000000000001', reference: 'PED-FORJADO', monto: 1, currency: 'COP', estado: 'aprobado' } });
    const emptyKey = `t=${t},v1=${createHmac('sha256', '').update(`${t}.${forgedBody}`).digest('hex')}`;
    // 400 from a verifier that refuses, 500 from the PHP script that will not run without its secret.
    expect([400, 500]).toContain(await post(receiver.url, { rawBody: forgedBody, header: emptyKey }));
    expect(receiver.lines()).toEqual([]);
  });

  it('accepts a real delivery signed twice after a roll of the secret: with the old secret, then restarted with the new one', async () => {
    const { merchant, receiver, port } = await merchantWithPrintedReceiver();
    const rolled = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint/secreto`, { token: merchant.apiKey });
    expect(rolled.status).toBe(201);

    // Still holding the old secret, the second v1: accepted and dispatched.
    const charge = await createCharge(gw, merchant);
    await approveCharge(gw, charge.id);
    const [delivered] = await untilDeliveries(gw, merchant.merchantId, 'entregada');
    expect(delivered!.intentos.map((a) => a.codigoEstado)).toEqual([200]);
    await waitUntil(() => receiver.lines().includes(`dispatch ${charge.referencia}`), 10_000, 'the dispatch of the order');

    // The new secret deployed (the first v1): a re-send is accepted too.
    await receiver.stop();
    const redeployed = await startDocsReceiver(printed, port, rolled.body.secret as string);
    running.push(redeployed);
    expect((await http('POST', `${gw.adminUrl}/internal/entregas/${delivered!.id}/reenvio`, { token: gw.operatorToken })).status).toBe(202);
    await waitUntil(async () => (await deliveries(gw, merchant.merchantId, 'entregada'))[0]?.intentos.length === 2, 10_000, 'the re-send recorded');
    expect((await deliveries(gw, merchant.merchantId, 'entregada'))[0]!.intentos.map((a) => a.codigoEstado)).toEqual([200, 200]);
    expect(redeployed.lines()).toEqual([`saved ${charge.id} true`, `dispatch ${charge.referencia}`]);
  });
});

describe('the PHP receiver printed in docs/webhooks.md, its secret not set', () => {
  const php = DOCS_RECEIVERS.find((r) => r.name === 'PHP')!;
  let receiver: RunningReceiver | undefined;
  afterAll(async () => {
    await receiver?.stop();
  });

  // PHP-FPM clears the environment unless the pool sets env[...], so getenv() answers false: read as an empty secret,
  // a notice anyone signs with an empty key would be accepted and dispatched.
  it('accepts no notice, not one signed with an empty key: 500 (our retries wait for the secret), nothing stored', async () => {
    const port = await freePort();
    receiver = await startDocsReceiver(php, port, undefined);
    const t = Math.floor(Date.now() / 1000);
    const forgedBody = JSON.stringify({ id: 'evt_0', created: t, type: 'payment.completed', data: { paymentId: 'e0c1b2a3-0000-4000-8000-000000000000', reference: 'PED-FORJADO', monto: 1, currency: 'COP', estado: 'aprobado' } });
    const emptyKey = `t=${t},v1=${createHmac('sha256', '').update(`${t}.${forgedBody}`).digest('hex')}`;
    expect(await post(receiver.url, { rawBody: forgedBody, header: emptyKey })).toBe(500);
    expect(receiver.lines()).toEqual([]);
  });
});
