import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../src/kernel/actor.js';
import { chargeStream } from '../../src/payments/domain/charge.events.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});

afterAll(async () => {
  await gw?.close();
});

const events = (id: string) => http('GET', `${gw.adminUrl}/internal/pagos/${id}/eventos`, { token: gw.operatorToken });

const metadata = (schemaVersion: number, occurredAt: string, causationId: string | null): EventMetadata => ({
  correlationId: 'corr-1',
  causationId,
  actor: { type: 'merchant-key', id: 'key-1' },
  occurredAt,
  schemaVersion,
});

describe('GET /internal/pagos/{id}/eventos', () => {
  it("answers the charge's whole stream in order, montoMinor read as monto, metadata and positions", async () => {
    const chargeId = randomUUID();
    const createdId = randomUUID();
    // A charge recorded before 4 Oct 2026 (schema version 1): the amount under its old name.
    const createdData = {
      chargeId,
      merchantId: randomUUID(),
      moneda: 'COP',
      referencia: 'PED-1',
      descripcion: null,
      urlRetorno: null,
      checkoutToken: 'tok_antiguo_0123456789abcdefghijkl',
      createdAt: '2026-09-30T15:00:00.000Z',
    };
    await gw.infra.eventStore.append(
      chargeStream(chargeId),
      [
        {
          id: createdId,
          type: 'ChargeCreated',
          data: { ...createdData, montoMinor: 150000 },
          metadata: metadata(1, '2026-09-30T15:00:00.000Z', null),
        },
      ],
      'no_stream',
    );
    await gw.infra.eventStore.append(
      chargeStream(chargeId),
      [
        {
          id: randomUUID(),
          type: 'CheckoutOpened',
          data: { providerSessionId: 'ses_1', openedAt: '2026-09-30T15:00:01.000Z' },
          metadata: metadata(2, '2026-09-30T15:00:01.000Z', createdId),
        },
      ],
      0,
    );

    const answer = await events(chargeId);
    expect(answer.status).toBe(200);
    expect(answer.body.pagoId).toBe(chargeId);
    expect(answer.body.eventos).toEqual([
      {
        id: createdId,
        revision: 0,
        tipo: 'ChargeCreated',
        datos: { ...createdData, monto: 150000 },
        metadata: metadata(1, '2026-09-30T15:00:00.000Z', null),
        posicion: { commit: expect.stringMatching(/^\d+$/), prepare: expect.stringMatching(/^\d+$/) },
        registradoEn: expect.stringMatching(/Z$/),
      },
      {
        id: expect.any(String),
        revision: 1,
        tipo: 'CheckoutOpened',
        datos: { providerSessionId: 'ses_1', openedAt: '2026-09-30T15:00:01.000Z' },
        metadata: metadata(2, '2026-09-30T15:00:01.000Z', createdId),
        posicion: expect.any(Object),
        registradoEn: expect.any(String),
      },
    ]);
    const [first, second] = answer.body.eventos;
    expect(BigInt(second.posicion.commit) > BigInt(first.posicion.commit)).toBe(true);
  });

  it('shows the history of a charge made through the merchant API, with who made it', async () => {
    const { merchantId, apiKey, keyId } = await onboardMerchant(gw);
    const created = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: apiKey,
      headers: { 'idempotency-key': 'eventos-1' },
      body: { merchantId, monto: 50000, moneda: 'COP', referencia: 'PED-77' },
    });
    expect(created.status).toBe(201);
    const answer = await events(created.body.id);
    expect(answer.status).toBe(200);
    const [first] = answer.body.eventos;
    expect(first).toMatchObject({
      revision: 0,
      tipo: 'ChargeCreated',
      datos: { chargeId: created.body.id, merchantId, monto: 50000, referencia: 'PED-77' },
      metadata: { actor: { type: 'merchant-key', id: keyId }, correlationId: expect.any(String) },
    });
    expect(answer.body.eventos.map((e: { revision: number }) => e.revision)).toEqual(
      answer.body.eventos.map((_: unknown, i: number) => i),
    );
  });

  it('gives every event a cause: the request that made the charge for ChargeCreated and CheckoutOpened', async () => {
    const { merchantId, apiKey } = await onboardMerchant(gw);
    const created = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: apiKey,
      headers: { 'idempotency-key': 'eventos-causa' },
      body: { merchantId, monto: 50000, moneda: 'COP', referencia: 'PED-78' },
    });
    const answer = await events(created.body.id);
    const history = answer.body.eventos as Array<{ tipo: string; metadata: EventMetadata }>;
    expect(history.map((e) => e.tipo)).toEqual(['ChargeCreated', 'CheckoutOpened']);
    for (const event of history) {
      expect(event.metadata.causationId).toEqual(expect.any(String));
      expect(event.metadata.causationId).toBe(event.metadata.correlationId);
    }
  });

  it('answers 404 for an unknown charge and for a malformed id', async () => {
    for (const id of [randomUUID(), 'nope', `${randomUUID()}0`]) {
      const answer = await events(id);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ statusCode: 404, message: 'Charge not found', error: 'Not Found', code: 'not_found' });
    }
  });
});
