// A merchant integrating from /docs alone must learn what reaches its webhook endpoint and how to verify it: the
// document describes the body a real delivery carries (WebhookEvent) and the signature rule, and links it from the
// route that registers the endpoint.
import { OpenApiConformance, type OpenApiDocument } from '../docs/openapi-validator.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { approveCharge, failCharge } from '../support/outcomes.js';
import { Receiver, waitUntil } from './support/receiver.js';
import { createCharge, merchantWithEndpoint } from './support/webhooks.js';

describe('the webhook event in /docs/openapi.json', () => {
  let gw: TestGateway;
  let receiver: Receiver;
  let doc: OpenApiDocument & { paths: Record<string, Record<string, { description?: string }>> };
  beforeAll(async () => {
    gw = await startTestGateway();
    receiver = await Receiver.start();
    doc = (await http('GET', `${gw.publicUrl}/docs/openapi.json`)).body;
  });
  afterAll(async () => {
    await receiver.close();
    await gw.close();
  });

  it('describes the body of real deliveries, completed and failed, field by field', async () => {
    const merchant = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = merchant.secret!;
    await approveCharge(gw, (await createCharge(gw, merchant)).id);
    await failCharge(gw, (await createCharge(gw, merchant)).id);
    await waitUntil(() => receiver.accepted.length === 2, 10_000, 'two deliveries');

    const oas = new OpenApiConformance(doc);
    const bodies = receiver.accepted.map((r) => JSON.parse(r.rawBody) as { type: string });
    expect(bodies.map((b) => b.type).sort()).toEqual(['payment.completed', 'payment.failed']);
    for (const body of bodies) expect(oas.schemaErrors('WebhookEvent', body)).toEqual([]);
    // Closed objects: a field the document does not name, or one it names that is missing, is a mismatch.
    expect(oas.schemaErrors('WebhookEvent', { ...bodies[0], extra: 1 })).not.toEqual([]);
    const schema = doc.components.schemas['WebhookEvent'] as { required?: string[] };
    expect(schema.required?.sort()).toEqual(['created', 'data', 'id', 'type']);
  });

  it('says how to verify a delivery, and the route that registers the endpoint points there', () => {
    const described = String((doc.components.schemas['WebhookEvent'] as { description?: string }).description);
    for (const rule of ['svc-signature', 'svc-delivery-id', 'svc-event', 'HMAC-SHA256', '<t>.<raw body>', 'constant time', '300 seconds', 'whsec_']) {
      expect([rule, described.includes(rule)]).toEqual([rule, true]);
    }
    expect(doc.paths['/v1/webhook-endpoint']!['post']!.description).toContain('WebhookEvent');
  });
});
