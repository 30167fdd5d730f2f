// The one table of signature cases that every verifier printed in docs/webhooks.md answers alike: the Node function
// and its TypeScript twin called directly, the node:http, Python and PHP receivers over HTTP. Built from a real
// delivery and its endpoint's secret; each case is a body and an svc-signature header, to be accepted or refused.
// The clock is the verifier's own (a receiver cannot be given one): times sit 20 s or more inside or outside the
// 300 s, except the stale one, made 301 s before a `now` that can only have moved on since.
import { createHmac } from 'node:crypto';
import type { TestGateway } from '../../support/gateway.js';
import { approveCharge } from '../../support/outcomes.js';
import { waitUntil, type Receiver } from './receiver.js';
import { createCharge, merchantWithEndpoint } from './webhooks.js';

/** A delivery as the merchant's server received it, and the secret its endpoint holds. */
export interface Delivered {
  rawBody: string;
  header: string;
  secret: string;
  /** The charge it is about. */
  paymentId: string;
  reference: string;
}

export interface SignatureCase {
  name: string;
  accepted: boolean;
  rawBody: string;
  /** svc-signature; undefined: the header is not sent. */
  header: string | undefined;
}

const sign = (secret: string, t: string, body: string): string => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** A new merchant with its endpoint on `receiver`, one of its charges approved, and the delivery that brought. */
export async function realDelivery(gw: TestGateway, receiver: Receiver): Promise<Delivered> {
  const merchant = await merchantWithEndpoint(gw, receiver.url);
  receiver.secret = merchant.secret!;
  const charge = await createCharge(gw, merchant);
  await approveCharge(gw, charge.id);
  let found: Receiver['requests'][number] | undefined;
  await waitUntil(() => (found = receiver.accepted.find((r) => r.rawBody.includes(charge.id))) !== undefined, 10_000, `the delivery of ${charge.id}`);
  return { rawBody: found!.rawBody, header: String(found!.headers['svc-signature']), secret: merchant.secret!, paymentId: charge.id, reference: charge.referencia };
}

/** The cases, the first one the delivery as received. */
export function signatureCases({ rawBody, header, secret }: Delivered): SignatureCase[] {
  const now = String(Math.floor(Date.now() / 1000));
  const at = (seconds: number): string => String(Number(now) + seconds);
  const signed = (t: string, key = secret): string => `t=${t},v1=${sign(key, t, rawBody)}`;
  const mine = sign(secret, now, rawBody);
  const old = sign('whsec_old', now, rawBody);
  return [
    { name: 'the delivery as received', accepted: true, rawBody, header },
    { name: 'signed now with the secret', accepted: true, rawBody, header: signed(now) },
    { name: 'the body changed after signing', accepted: false, rawBody: rawBody.replace('"COP"', '"USD"'), header },
    { name: 'the body re-serialised', accepted: false, rawBody: JSON.stringify(JSON.parse(rawBody), null, 1), header },
    { name: 'signed with another secret', accepted: false, rawBody, header: signed(now, 'whsec_another') },
    { name: 'no svc-signature', accepted: false, rawBody, header: undefined },
    { name: 't 280 s ago', accepted: true, rawBody, header: signed(at(-280)) },
    { name: 't 301 s ago (stale)', accepted: false, rawBody, header: signed(at(-301)) },
    { name: 't 330 s ahead', accepted: false, rawBody, header: signed(at(330)) },
    { name: 'two v1 during a roll, the secret held second', accepted: true, rawBody, header: `t=${now},v1=${old},v1=${mine}` },
    { name: 'two v1 during a roll, the secret held first', accepted: true, rawBody, header: `t=${now},v1=${mine},v1=${old}` },
    { name: 'two v1, neither with the secret held', accepted: false, rawBody, header: `t=${now},v1=${old},v1=${sign('whsec_other', now, rawBody)}` },
    { name: 'v1 in capitals', accepted: false, rawBody, header: `t=${now},v1=${mine.toUpperCase()}` },
    { name: 'v1 with a character outside ASCII', accepted: false, rawBody, header: `t=${now},v1=${mine.slice(0, -1)}é` },
    { name: 'v1 empty', accepted: false, rawBody, header: `t=${now},v1=` },
    { name: 'no t', accepted: false, rawBody, header: `v1=${mine}` },
    { name: 't with a plus sign', accepted: false, rawBody, header: signed(`+${now}`) },
    { name: 't with a fraction', accepted: false, rawBody, header: signed(`${now}.0`) },
    { name: 't of 5000 digits', accepted: false, rawBody, header: signed('9'.repeat(5000)) },
    { name: 'a space after the comma', accepted: false, rawBody, header: `t=${now}, v1=${mine}` },
  ];
}

/** Each case's name, with whether it is accepted: what a verifier is compared on. */
export const expectedAnswers = (cases: SignatureCase[]): Record<string, boolean> => Object.fromEntries(cases.map((c) => [c.name, c.accepted]));
