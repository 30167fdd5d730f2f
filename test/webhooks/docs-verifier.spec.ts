// The verifier printed in docs/webhooks.md, run as a merchant would copy it, against a real delivery.
import { createHmac } from 'node:crypto';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { approveCharge } from '../support/outcomes.js';
import { docsTypeScriptVerifier, docsVerifier, type Verify } from './support/docs-verifier.js';
import { Receiver, waitUntil } from './support/receiver.js';
import { createCharge, merchantWithEndpoint } from './support/webhooks.js';

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
