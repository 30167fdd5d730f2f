// The verifier printed in docs/webhooks.md, run as a merchant would copy it, against a real delivery; and the plain
// node:http receiver printed there, run as a process of its own.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { approveCharge } from '../support/outcomes.js';
import { docsHttpReceiver, docsTypeScriptVerifier, docsVerifier, type Verify } from './support/docs-verifier.js';
import { Receiver, waitUntil } from './support/receiver.js';
import { createCharge, deliveries, merchantWithEndpoint, untilDeliveries } from './support/webhooks.js';

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('the signature verifier in docs/webhooks.md', () => {
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

  it('accepts a real delivery and refuses it tampered, re-serialised, stale, or checked with another secret', async () => {
    await checkAgainstARealDelivery(await docsVerifier());
  });

  it('prints a TypeScript version for NestJS that a strict project compiles, and that checks alike', async () => {
    const verify = await docsTypeScriptVerifier();
    expect(Array.isArray(verify) ? verify : []).toEqual([]);
    await checkAgainstARealDelivery(verify as Verify);
  });

  it('runs the plain node:http receiver as printed: a real delivery dispatched once, a forged one 400, a re-send 200 and not dispatched again', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/pasarela`;
    const merchant = await merchantWithEndpoint(gw, url);
    const child = spawn(process.execPath, ['server.mjs'], {
      cwd: docsHttpReceiver(port),
      env: { ...process.env, PASARELA_WEBHOOK_SECRET: merchant.secret! },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await waitUntil(
        async () => {
          if (child.exitCode !== null) throw new Error(`the printed receiver stopped: ${stderr}`);
          return fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
        },
        10_000,
        'the printed receiver to listen',
      );
      const charge = await createCharge(gw, merchant);
      await approveCharge(gw, charge.id);
      const [delivered] = await untilDeliveries(gw, merchant.merchantId, 'entregada');
      expect(delivered!.intentos.map((a) => a.codigoEstado)).toEqual([200]);
      await waitUntil(() => stdout.includes(`dispatch ${charge.referencia}`), 10_000, 'the dispatch of the order');

      // Someone without the secret: the same shape, signed with another key, is refused and changes nothing.
      const t = Math.floor(Date.now() / 1000);
      const forgedBody = JSON.stringify({ id: 'evt_0', created: t, type: 'payment.completed', data: { paymentId: charge.id, reference: 'PED-FORJADO', monto: 1, currency: 'COP', estado: 'aprobado' } });
      const forged = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'svc-signature': `t=${t},v1=${createHmac('sha256', 'whsec_otro').update(`${t}.${forgedBody}`).digest('hex')}` },
        body: forgedBody,
      });
      expect(forged.status).toBe(400);

      // A re-send is a repeat: answered 200 (or it would be retried), stored once, the order dispatched once.
      expect((await http('POST', `${gw.adminUrl}/internal/entregas/${delivered!.id}/reenvio`, { token: gw.operatorToken })).status).toBe(202);
      await waitUntil(async () => (await deliveries(gw, merchant.merchantId, 'entregada'))[0]?.intentos.length === 2, 10_000, 'the re-send recorded');
      expect((await deliveries(gw, merchant.merchantId, 'entregada'))[0]!.intentos.map((a) => a.codigoEstado)).toEqual([200, 200]);
      expect(stdout.trim().split('\n')).toEqual([`saved ${charge.id} true`, `dispatch ${charge.referencia}`, `saved ${charge.id} false`]);
    } finally {
      child.kill();
      await exited;
    }
  });

  async function checkAgainstARealDelivery(verify: Verify): Promise<void> {
    receiver.requests.length = 0;
    const merchant = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = merchant.secret!;
    await approveCharge(gw, (await createCharge(gw, merchant)).id);
    await waitUntil(() => receiver.accepted.length === 1, 10_000, 'a delivery');
    const { rawBody, headers } = receiver.accepted[0]!;
    const header = String(headers['svc-signature']);
    const secret = merchant.secret!;

    expect(verify(rawBody, header, secret)).toBe(true);
    expect(verify(rawBody.replace('"COP"', '"USD"'), header, secret)).toBe(false);
    expect(verify(JSON.stringify(JSON.parse(rawBody), null, 1), header, secret)).toBe(false);
    expect(verify(rawBody, header, 'whsec_another')).toBe(false);
    expect(verify(rawBody, header, secret, Date.now() + 301_000)).toBe(false);
    expect(verify(rawBody, undefined, secret)).toBe(false);
    const t = Math.floor(Date.now() / 1000);
    const v1 = (s: string) => createHmac('sha256', s).update(`${t}.${rawBody}`).digest('hex');
    expect(verify(rawBody, `t=${t},v1=${v1('whsec_old')},v1=${v1(secret)}`, secret)).toBe(true); // two v1 during a roll
  }
});
