// The portal's pages over HTTP: charges (filters, pages, detail), the site registration and people forms, each
// change sent through the API's own commands with the person recorded as its author.
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { createCharge } from './charges-fixture.js';
import { acceptInvitation, csrfOf, operatorInvites, PortalClient, signIn, STRONG_PASSWORD } from './portal-client.js';

describe('portal pages', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  let admin: PortalClient;
  let adminId: string;

  const post = async (client: PortalClient, path: string, fields: Record<string, string>) => {
    const page = await client.get('/portal/sesiones');
    return client.post(path, { csrf: csrfOf(page.text), ...fields });
  };

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw, { nombre: 'Panadería San José' });
    admin = await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'marta@pan.co', 'Marta'));
    adminId = (await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey })).body[0].id;
  });
  afterAll(() => gw.close());

  describe('Pagos', () => {
    it('shows a charge with its history and never the provider; pending ones show their payment link', async () => {
      const id = await createCharge(gw, shop, 'PAN-1', 45_000);
      await approveCharge(gw, id);
      const page = await admin.get(`/portal/pagos/${id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('$\u00a045.000');
      expect(page.text).toContain('Pago aprobado (tarjeta)');
      expect(page.text).not.toMatch(/sandbox|providerReference|ref_|providerSessionId/i);
      expect(page.text).not.toContain('Enlace de pago');
      // The liquidación is the API's own figures.
      const liquidacion = await http('GET', `${gw.publicUrl}/v1/pagos/${id}/liquidacion`, { token: shop.apiKey });
      expect(liquidacion.status).toBe(200);
      const pesos = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 });
      expect(page.text).toContain('Liquidación');
      expect(page.text).toContain(`Para tu comercio</th><td class="num">${pesos.format(liquidacion.body.neto)}`);
      expect(page.text).toContain(pesos.format(liquidacion.body.retenciones.retefuente));
      const pending = await createCharge(gw, shop, 'PAN-2', 12_000);
      const pendingPage = await admin.get(`/portal/pagos/${pending}`);
      expect(pendingPage.text).toContain(`${gw.publicUrl}/checkout/`);
      expect(pendingPage.text).not.toContain('Liquidación');
    });

    it('shows every rate of the liquidación as the operator set it, four decimals included', async () => {
      const shop4 = await onboardMerchant(gw, { nombre: 'Ferretería El Tornillo' });
      const tarifa = await http('PUT', `${gw.adminUrl}/internal/merchants/${shop4.merchantId}/tarifa`, {
        token: gw.operatorToken,
        body: { comisionPorcentaje: 2.4875, reteIcaPorcentaje: 0.0966 },
      });
      expect(tarifa.status).toBe(200);
      const owner = await acceptInvitation(gw, await operatorInvites(gw, shop4.merchantId, 'luis@tornillo.co', 'Luis'));
      const id = await createCharge(gw, shop4, 'TOR-1', 100_000);
      await approveCharge(gw, id, { method: 'tarjeta' });
      const page = await owner.get(`/portal/pagos/${id}`);
      expect(page.status).toBe(200);
      // 2,4875 % of $ 100.000 is $ 2.487,5 -> 2.488, + 700: the rate shown must be the one that gives the fee shown.
      expect(page.text).toContain('2,4875\u00a0% + $\u00a0700');
      expect(page.text).toContain('$\u00a03.188');
      expect(page.text).toContain('0,0966\u00a0% de $\u00a084.034');
    });

    it('what the integration sent is shown as text, never as markup', async () => {
      const id = await createCharge(gw, shop, '<script>alert("x")</script>', 1_000);
      const detail = await admin.get(`/portal/pagos/${id}`);
      expect(detail.text).toContain('<h1>Pago &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <span');
      expect(detail.text).not.toContain('<script>');
      // The list (read model, a moment behind) shows the row's link with the same text.
      const until = Date.now() + 5000;
      let list = await admin.get('/portal/pagos?referencia=%3Cscript%3Ealert(%22x%22)%3C%2Fscript%3E');
      while (!list.text.includes(`href="/portal/pagos/${id}"`) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        list = await admin.get('/portal/pagos?referencia=%3Cscript%3Ealert(%22x%22)%3C%2Fscript%3E');
      }
      expect(list.text).toContain(`<a href="/portal/pagos/${id}">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</a>`);
      expect(list.text).not.toContain('<script>');
    });

    it("another merchant's charge, a missing one and a malformed id are the same 404 page", async () => {
      const other = await onboardMerchant(gw, {});
      const theirs = await createCharge(gw, other, 'OTRA-1', 10_000);
      for (const id of [theirs, randomUUID(), 'no-es-un-id']) {
        const page = await admin.get(`/portal/pagos/${id}`);
        expect(page.status).toBe(404);
        expect(page.text).toContain('No encontramos esa página');
      }
    });

    it('explains filters it cannot use: dates in the wrong order, an unknown state, a stale page link', async () => {
      const reversed = await admin.get('/portal/pagos?desde=2026-11-20&hasta=2026-11-10');
      expect(reversed.status).toBe(400);
      expect(reversed.text).toContain('debe ser igual o posterior a');
      expect((await admin.get('/portal/pagos?estado=regalado')).status).toBe(400);
      const stale = await admin.get('/portal/pagos?cursor=esto-no-es-un-cursor');
      expect(stale.status).toBe(400);
      expect(stale.text).toContain('Ese enlace de página ya no sirve');
    });

    // Before: a repeated filter was read as no filter at all (200, every charge), where GET /v1/pagos says "send it once".
    it.each([
      ['estado=pendiente&estado=aprobado', 'estado', 'El estado va una sola vez'],
      ['referencia=PAN-1&referencia=PAN-2', 'referencia', 'La referencia va una sola vez'],
      ['desde=2026-11-01&desde=2026-11-02', 'desde', 'La fecha &quot;desde&quot; va una sola vez'],
      ['cursor=a&cursor=b', 'cursor', 'Ese enlace de página ya no sirve'],
    ])('?%s is the filters page saying %s goes once, as the API refuses it', async (query, field, message) => {
      const page = await admin.get(`/portal/pagos?${query}`);
      expect(page.status).toBe(400);
      expect(page.text).toContain('Revisa los filtros');
      expect(page.text).toContain(message);
      expect(page.text).not.toContain('PAN-1</');
      const api = await http('GET', `${gw.publicUrl}/v1/pagos?${query}`, { token: shop.apiKey });
      expect(api.status).toBe(400);
      expect(api.body.message.fieldErrors[field]).toEqual([`${field} is accepted once: send it once`]);
    });

    // Before, the dates and the cursor were judged only once the class's checks passed: the page named estado alone.
    it('names every filter it cannot use at once, in Spanish', async () => {
      const page = await admin.get('/portal/pagos?estado=regalado&desde=2026-02-30&hasta=2026-11-31&cursor=esto-no-es-un-cursor');
      expect(page.status).toBe(400);
      expect(page.text).toContain('Elige un estado de la lista.');
      expect(page.text).toContain('La fecha &quot;desde&quot; no es una fecha del calendario');
      expect(page.text).toContain('La fecha &quot;hasta&quot; no es una fecha del calendario');
      expect(page.text).toContain('Ese enlace de página ya no sirve');
      const reversed = await admin.get('/portal/pagos?estado=regalado&desde=2026-11-20&hasta=2026-11-10');
      expect(reversed.text).toContain('Elige un estado de la lista.');
      expect(reversed.text).toContain('debe ser igual o posterior a');
    });

    // Before: month 13 reached PostgreSQL as "0NaN-NaN-NaN" (a 500); 31 Nov and 30 Feb were read as 1 Dec and 2 Mar.
    it.each([
      ['desde=2026-13-01', 'desde'],
      ['hasta=2026-11-31', 'hasta'],
      ['hasta=2026-02-30', 'hasta'],
      ['desde=2026-1-5', 'desde'],
    ])('?%s is the filters page saying the date is not a day of the calendar, as the API refuses it', async (query, field) => {
      const page = await admin.get(`/portal/pagos?${query}`);
      expect(page.status).toBe(400);
      expect(page.text).toContain('Revisa los filtros');
      expect(page.text).toContain(`id="campo-${field}" name="${field}" type="date" value="${query.split('=')[1]}" aria-invalid="true"`);
      expect(page.text).toContain('no es una fecha del calendario');
      const api = await http('GET', `${gw.publicUrl}/v1/pagos?${query}`, { token: shop.apiKey });
      expect(api.status).toBe(400);
      expect(Object.keys(api.body.message.fieldErrors)).toEqual([field]);
    });
  });

  describe('Configuración › Sitio web', () => {
    it('refuses a return page outside the site, in Spanish, and keeps what was typed', async () => {
      const answer = await post(admin, '/portal/configuracion/sitio', { sitioWeb: 'https://pan.example.co', urlRetorno: 'https://otra-tienda.co/gracias' });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('Debe estar en pan.example.co o en un subdominio suyo');
      expect(answer.text).toContain('value="https://otra-tienda.co/gracias"');
    });

    it.each([
      ['https://co', 'Escribe el dominio completo, con su punto'],
      ['https://203.0.113.9', 'no una dirección IP'],
      ['https://tienda.local..', 'no puede tener dos puntos seguidos'],
    ])('refuses %s as the site, in Spanish, as the API does', async (sitioWeb, message) => {
      const answer = await post(admin, '/portal/configuracion/sitio', { sitioWeb, urlRetorno: `${sitioWeb}/gracias` });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(message);
      expect(answer.text).toContain(`value="${sitioWeb}"`);
      const api = await http('GET', `${gw.publicUrl}/v1/merchants/me/registro-web`, { token: shop.apiKey });
      expect(api.body.sitioWeb).not.toBe(sitioWeb);
    });

    it('saves through the API command: the API reads it, with the person as author, and the change is in the history', async () => {
      const answer = await post(admin, '/portal/configuracion/sitio', { sitioWeb: 'https://pan.example.co', urlRetorno: 'https://www.pan.example.co/gracias' });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe('/portal/configuracion/sitio?hecho=sitio');
      const api = await http('GET', `${gw.publicUrl}/v1/merchants/me/registro-web`, { token: shop.apiKey });
      expect(api.body).toMatchObject({ sitioWeb: 'https://pan.example.co', actualizadoPor: { type: 'person', id: adminId } });
      const [change] = await gw.infra.dataSource.query('SELECT actor FROM web_registration_changes WHERE merchant_id = $1 ORDER BY id DESC LIMIT 1', [
        shop.merchantId,
      ]);
      expect(change.actor).toEqual({ type: 'person', id: adminId });
      const page = await admin.get('/portal/configuracion/sitio?hecho=sitio');
      expect(page.text).toContain('Guardamos el sitio web');
      expect(page.text).toContain('por Marta');
    });
  });

  describe('Configuración › Webhook', () => {
    it('says why a URL is too long when it is only once encoded, and registers nothing', async () => {
      const other = await onboardMerchant(gw);
      const owner = await acceptInvitation(gw, await operatorInvites(gw, other.merchantId, 'rosa@tienda.co', 'Rosa'));
      // 2026 characters typed; stored percent-encoded (each ñ is %C3%B1) it would be 12 026.
      const page = await post(owner, '/portal/configuracion/webhook', { url: `https://tienda.example.co/${'ñ'.repeat(2000)}` });
      expect(page.status).toBe(400);
      expect(page.text).toContain('Puede tener como máximo 2048 caracteres una vez codificada, y esta tiene 12026');
      expect((await http('GET', `${gw.publicUrl}/v1/webhook-endpoint`, { token: other.apiKey })).status).toBe(404);
    });
  });

  describe('Configuración › Personas', () => {
    it('checks the invitation form with the API rules and answers in Spanish', async () => {
      const answer = await post(admin, '/portal/configuracion/personas', { nombre: '', email: 'no-es-correo', rol: 'jefe' });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('Escribe un correo válido');
      expect(answer.text).toContain('Escribe el nombre');
      expect(answer.text).toContain('Elige un rol');
    });

    it('invites: the link is shown once and works; the person is recorded as the one who invited', async () => {
      const answer = await post(admin, '/portal/configuracion/personas', { nombre: 'Pedro', email: 'Pedro@Pan.co', rol: 'administrador' });
      expect(answer.status).toBe(200);
      const link = /id="enlace-invitacion">([^<]+)</.exec(answer.text)?.[1] ?? '';
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/portal\/invitacion\/[A-Za-z0-9_-]{43}$/);
      expect((await admin.get('/portal/configuracion/personas')).text).not.toContain(link);
      const [change] = await gw.infra.dataSource.query("SELECT actor FROM personas_cambios WHERE despues->>'email' = 'pedro@pan.co'");
      expect(change.actor).toEqual({ type: 'person', id: adminId });
      await acceptInvitation(gw, new URL(link).pathname);
      const again = await post(admin, '/portal/configuracion/personas', { nombre: 'Pedro', email: 'pedro@pan.co', rol: 'lectura' });
      expect(again.status).toBe(409);
      expect(again.text).toContain('Esa persona ya tiene acceso');
    });

    it('the last administrator cannot be demoted: the page says why', async () => {
      const solo = await onboardMerchant(gw, {});
      const owner = await acceptInvitation(gw, await operatorInvites(gw, solo.merchantId, 'unica@x.co'));
      const ownerId = (await http('GET', `${gw.publicUrl}/v1/personas`, { token: solo.apiKey })).body[0].id;
      const answer = await post(owner, `/portal/configuracion/personas/${ownerId}/rol`, { rol: 'lectura' });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe('/portal/configuracion/personas?problema=ultimo');
      expect((await owner.get(answer.location!)).text).toContain('al menos un administrador');
      expect((await http('GET', `${gw.publicUrl}/v1/personas`, { token: solo.apiKey })).body[0].rol).toBe('administrador');
    });

    it('changes a role and removes access with the person as author; removing oneself ends the session', async () => {
      const people = (await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey })).body;
      const pedro = people.find((p: { email: string }) => p.email === 'pedro@pan.co');
      expect((await post(admin, `/portal/configuracion/personas/${pedro.id}/rol`, { rol: 'lectura' })).location).toBe('/portal/configuracion/personas?hecho=rol');
      const confirm = await admin.get(`/portal/configuracion/personas/${pedro.id}/quitar`);
      expect(confirm.text).toContain('¿Quitar el acceso de Pedro?');
      expect((await admin.post(`/portal/configuracion/personas/${pedro.id}/quitar`, { csrf: csrfOf(confirm.text) })).location).toBe(
        '/portal/configuracion/personas?hecho=quitada',
      );
      const history = await gw.infra.dataSource.query("SELECT accion, actor FROM personas_cambios WHERE persona_id = $1 ORDER BY id", [pedro.id]);
      expect(history.map((h: { accion: string }) => h.accion)).toEqual(['invitada', 'activada', 'rol', 'eliminada']);
      expect(history[2].actor).toEqual({ type: 'person', id: adminId });
      expect(history[3].actor).toEqual({ type: 'person', id: adminId });

      const second = await post(admin, '/portal/configuracion/personas', { nombre: 'Sofía', email: 'sofia@pan.co', rol: 'administrador' });
      const sofia = await acceptInvitation(gw, new URL(/id="enlace-invitacion">([^<]+)</.exec(second.text)![1]!).pathname);
      const sofiaId = (await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey })).body.find((p: { email: string }) => p.email === 'sofia@pan.co').id;
      const self = await post(sofia, `/portal/configuracion/personas/${sofiaId}/quitar`, {});
      expect(self.location).toBe('/portal/ingresar');
      expect((await sofia.get('/portal/resumen')).status).toBe(303);
    });
  });

  describe('one email in two shops', () => {
    it('with the same password, sign-in asks which shop; the choice signs into that one', async () => {
      const second = await onboardMerchant(gw, { nombre: 'Panadería Sucursal Norte' });
      await acceptInvitation(gw, await operatorInvites(gw, second.merchantId, 'marta@pan.co', 'Marta'));
      const first = await signIn(gw, 'marta@pan.co', STRONG_PASSWORD);
      expect(first.answer.status).toBe(200);
      expect(first.answer.text).toContain('¿A qué comercio quieres entrar?');
      expect(first.answer.text).toContain('Panadería Sucursal Norte');
      const chosen = await first.client.post('/portal/ingresar', {
        csrf: csrfOf(first.answer.text),
        email: 'marta@pan.co',
        password: STRONG_PASSWORD,
        comercio: second.merchantId,
      });
      expect(chosen.status).toBe(303);
      expect((await first.client.get('/portal/resumen')).text).toContain('Panadería Sucursal Norte');
    });
  });
});
