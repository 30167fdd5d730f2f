// The attempts of a notice, as the shop reads them in the portal (Configuración › Webhook): in Spanish, like the rest
// of the portal, whatever went wrong; a redirect says that redirects are not followed (docs/webhooks.md).
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { approveCharge } from '../support/outcomes.js';
import { Receiver } from '../webhooks/support/receiver.js';
import { createCharge, merchantWithEndpoint, untilDeliveries } from '../webhooks/support/webhooks.js';
import { acceptInvitation, operatorInvites } from './portal-client.js';

describe('attempts of a webhook notice in the portal', () => {
  let gw: TestGateway;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    gw = await startTestGateway({ webhookRetryDelays: [0.05, 0.05, 0.05] });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await gw.close();
  });

  /** A shop whose endpoint is `url`, one approval sent there until it failed, and its administrator's attempts list. */
  async function attemptsShown(url: string, secretTo?: Receiver): Promise<string> {
    const shop = await merchantWithEndpoint(gw, url);
    if (secretTo) secretTo.secret = shop.secret!;
    const charge = await createCharge(gw, shop, 20_000);
    await approveCharge(gw, charge.id);
    await untilDeliveries(gw, shop.merchantId, 'fallida', 1);
    const admin = await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, `admin-${shop.merchantId.slice(0, 8)}@tienda.co`));
    const page = await admin.get('/portal/configuracion/webhook?estado=fallida');
    expect(page.status).toBe(200);
    const list = /<ol class="attempts">([\s\S]*?)<\/ol>/.exec(page.text);
    if (!list) throw new Error('no attempts on the page');
    return list[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  }

  it('says in Spanish that the server refused the connection', async () => {
    const down = await Receiver.start();
    receivers.push(down);
    const url = down.url;
    await down.down();
    const shown = await attemptsShown(url);
    expect(shown).toContain('Sin respuesta: tu servidor rechazó la conexión');
    expect(shown).not.toContain('connection refused');
  });

  it('says that a redirect is not followed', async () => {
    const redirecting = await Receiver.start({ answer: () => 302, headers: { location: 'http://127.0.0.1:9/elsewhere' } });
    receivers.push(redirecting);
    const shown = await attemptsShown(redirecting.url, redirecting);
    expect(shown).toContain('HTTP 302: no seguimos redirecciones');
    expect(redirecting.requests.map((r) => r.path)).toEqual(['/webhooks', '/webhooks', '/webhooks', '/webhooks']);
  });

  it('says in Spanish that the server did not answer in time', async () => {
    const slow = await Receiver.start({ holdMs: 2_000 });
    receivers.push(slow);
    const quick = await startTestGateway({ webhookRetryDelays: [0.05], webhookTimeoutMs: 300 });
    try {
      const shop = await merchantWithEndpoint(quick, slow.url);
      slow.secret = shop.secret!;
      const charge = await createCharge(quick, shop, 20_000);
      await approveCharge(quick, charge.id);
      await untilDeliveries(quick, shop.merchantId, 'fallida', 1);
      const admin = await acceptInvitation(quick, await operatorInvites(quick, shop.merchantId, 'lenta@tienda.co'));
      const page = await admin.get('/portal/configuracion/webhook?estado=fallida');
      expect(page.text).toContain('Sin respuesta: no respondió en 0,3 segundos');
    } finally {
      await quick.close();
    }
  });
});
