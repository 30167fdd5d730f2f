// The verifier printed in docs/webhooks.md, run as a merchant would copy it, against a real delivery and the table
// of signature cases the printed receivers answer too (docs-receivers.spec.ts).
import { createHmac } from 'node:crypto';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { docsTypeScriptVerifier, docsVerifier, type Verify } from './support/docs-verifier.js';
import { Receiver } from './support/receiver.js';
import { expectedAnswers, realDelivery, signatureCases } from './support/signature-cases.js';

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

  it('accepts a real delivery and refuses it tampered, re-serialised, stale, or signed with another secret: every case of the table', async () => {
    await answersTheTable(await docsVerifier());
  });

  it('prints a TypeScript version for NestJS that a strict project compiles, and that answers the table alike', async () => {
    const verify = await docsTypeScriptVerifier();
    expect(Array.isArray(verify) ? verify : []).toEqual([]);
    await answersTheTable(verify as Verify);
  });

  it('takes the clock as its fourth argument, in milliseconds: the same delivery is stale 301 s later', async () => {
    const verify = await docsVerifier();
    const { rawBody, header, secret } = await realDelivery(gw, receiver);
    expect(verify(rawBody, header, secret, Date.now())).toBe(true);
    expect(verify(rawBody, header, secret, Date.now() + 301_000)).toBe(false);
  });

  it('refuses every notice when given no secret (unset or empty), even one signed with an empty key', async () => {
    const typed = await docsTypeScriptVerifier();
    const { rawBody } = await realDelivery(gw, receiver);
    const t = String(Math.floor(Date.now() / 1000));
    const emptyKey = `t=${t},v1=${createHmac('sha256', '').update(`${t}.${rawBody}`).digest('hex')}`;
    for (const verify of [await docsVerifier(), typed as Verify]) {
      expect([verify(rawBody, emptyKey, ''), verify(rawBody, emptyKey, undefined)]).toEqual([false, false]);
    }
  });

  async function answersTheTable(verify: Verify): Promise<void> {
    const delivered = await realDelivery(gw, receiver);
    const cases = signatureCases(delivered);
    const answers = Object.fromEntries(cases.map((c) => [c.name, verify(c.rawBody, c.header, delivered.secret)]));
    expect(answers).toEqual(expectedAnswers(cases));
  }
});
