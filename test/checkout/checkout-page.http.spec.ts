// The hosted page over plain HTTP: what it shows, its security headers, its forms, the way back to the merchant,
// and the cash voucher's life (issued once, paid by the network or expired by the worker).
import { freePort } from '../support/ports.js';
import { Receiver } from '../webhooks/support/receiver.js';
import { merchantWithEndpoint } from '../webhooks/support/webhooks.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { DEFAULT_RETURN_URL, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, estadoOf, eventTypes, eventually, MovableClock, operator, PAYER, postForm, postFormAndFollow } from './paying.js';

const NBSP = '\u00a0';

describe('the hosted checkout page', () => {
  const clock = new MovableClock();
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway({ voucherExpiryIntervalMs: 100 }, clock);
    merchant = await onboardMerchant(gw, { nombre: 'Tienda La Esquina' });
  });
  afterAll(() => gw.close());

  it("shows the merchant, the concept and the amount as $ 150.000, in Spanish, with the methods", async () => {
    const charge = await createCharge(gw, merchant);
    const page = await http('GET', charge.checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(page.text).toContain('<html lang="es-CO">');
    expect(page.text).toContain('Tienda La Esquina');
    expect(page.text).toContain('Camiseta talla M');
    expect(page.text).toContain(`$${NBSP}150.000`);
    for (const method of ['PSE', 'Tarjeta de crédito o débito', 'Efectivo']) expect(page.text).toContain(method);
  });

  it('opens at once for a buyer sent on the moment the charge is made, however far behind the projector is', async () => {
    // An open transaction anywhere in the database holds the projector below its xid (DESIGN.md 2): the charge's row
    // is not in the read model while it stays open. The token names the charge, so the page reads its stream.
    const holder = gw.infra.dataSource.createQueryRunner();
    await holder.startTransaction();
    try {
      await holder.query('SELECT pg_current_xact_id()');
      const charge = await createCharge(gw, merchant);
      const token = charge.checkoutUrl.split('/').pop()!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{54}$/);
      const page = await http('GET', charge.checkoutUrl);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Camiseta talla M');
      const rows = await gw.infra.dataSource.query('SELECT 1 FROM charges WHERE id = $1', [charge.id]);
      expect(rows).toEqual([]); // the projector was indeed behind
      // The token's random part is checked, whole, against the charge's own: the id alone opens nothing.
      const forged = `${token.slice(0, 22)}${'A'.repeat(32)}`;
      expect((await http('GET', `${gw.publicUrl}/checkout/${forged}`)).status).toBe(404);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
  });

  it('is private, uncached and unframeable; the CSP allows the card frame only from the provider origin', async () => {
    const charge = await createCharge(gw, merchant);
    const page = await http('GET', `${charge.checkoutUrl}?metodo=tarjeta`);
    const sandbox = new URL(gw.infra.config.sandboxPublicUrl).origin;
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`frame-src ${sandbox}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const frame = /<iframe[^>]+src="([^"]+)"/.exec(page.text)?.[1] ?? '';
    expect(new URL(frame.replace(/&amp;/g, '&')).origin).toBe(sandbox);
    expect(page.text).toMatch(/<iframe[^>]+title="[^"]+"/);
  });

  it('says the data travel encrypted, and shows the padlock, only when the page is served over https', async () => {
    const unknown = '/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const plain = await http('GET', (await createCharge(gw, merchant)).checkoutUrl);
    const plainError = await http('GET', `${gw.publicUrl}${unknown}`);
    expect(plainError.status).toBe(404);
    const plainCard = await http('GET', `${(await createCharge(gw, merchant)).checkoutUrl}?metodo=tarjeta`);
    expect(plainCard.text).toContain('title="Formulario de la entidad de pagos para los datos de la tarjeta"');
    for (const page of [plain, plainError, plainCard]) {
      expect(page.text).not.toContain('seguro');
      expect(page.text).toContain('La tarjeta la recibe solo la entidad de pagos.');
      expect(page.text).not.toContain('cifrad');
      expect(page.text).not.toContain('Pago seguro');
      expect(page.text).not.toContain('class="secure"');
      expect(page.text).toMatch(/<header class="topbar">\s*<span class="brand">[^]*?Pasarela<\/span>\s*<\/header>/);
    }
    const sandboxPort = await freePort();
    const secure = await startTestGateway({
      publicBaseUrl: 'https://pagos.example.co',
      sandboxPort,
      providerUrl: `http://127.0.0.1:${sandboxPort}`,
      sandboxPublicUrl: 'https://sandbox.example.co',
    });
    try {
      const shop = await onboardMerchant(secure, { nombre: 'Tienda Segura' });
      const charge = await createCharge(secure, shop);
      const page = await http('GET', `${secure.publicUrl}/checkout/${charge.token}`);
      const card = await http('GET', `${secure.publicUrl}/checkout/${charge.token}?metodo=tarjeta`);
      expect(card.text).toContain('title="Formulario seguro para los datos de la tarjeta"');
      expect(card.text).toContain('Escribe los datos en el formulario seguro de la entidad de pagos');
      const error = await http('GET', `${secure.publicUrl}${unknown}`);
      expect(error.status).toBe(404);
      for (const answer of [page, error]) {
        expect(answer.text).toContain('Tus datos viajan cifrados y la tarjeta la recibe solo la entidad de pagos.');
        expect(answer.text).toMatch(/<span class="secure"><svg[^]*?<\/svg> Pago seguro<\/span>/);
      }
    } finally {
      await secure.close();
    }
  });

  it('answers 404 pages for an unknown or malformed token', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'no válido', '../v1']) {
      const page = await http('GET', `${gw.publicUrl}/checkout/${encodeURIComponent(token)}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain('Este enlace de pago no existe');
    }
  });

  it("a form's address asked again later (history, a restored tab) goes to the page on that method, never a 404", async () => {
    const charge = await createCharge(gw, merchant);
    for (const method of ['pse', 'tarjeta', 'efectivo']) {
      const again = await http('GET', `${charge.checkoutUrl}/${method}`);
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(`/checkout/${charge.token}?metodo=${method}`);
      expect(again.headers.get('cache-control')).toBe('no-store');
    }
    // A token that cannot be one (here with a line break) is a missing page, not a redirect nor a 500.
    const forged = await http('GET', `${gw.publicUrl}/checkout/${encodeURIComponent('AAAAAAAAAAAAAAAA\r\nX: y')}/efectivo`);
    expect(forged.status).toBe(404);
    expect(forged.text).toContain('Este enlace de pago no existe');
  });

  it('re-shows the PSE form with the problems named in Spanish, the typed values kept', async () => {
    const charge = await createCharge(gw, merchant);
    const { page } = await postFormAndFollow(`${charge.checkoutUrl}/pse`, {
      banco: '',
      tipoPersona: 'juridica',
      tipoDocumento: 'NIT',
      numeroDocumento: '890903938-7',
      nombre: 'Ana',
      email: 'ana@example.com',
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Revisa estos datos');
    expect(page.text).toContain('Elige tu banco.');
    expect(page.text).toMatch(/id="numeroDocumento"[^>]*value="890903938-7"[^>]*aria-invalid="true"/);
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
  });

  it('answers a PSE form with errors by a 303 (a reload does not post again), its values in no URL and no readable cookie, shown once', async () => {
    const charge = await createCharge(gw, merchant);
    const token = charge.checkoutUrl.split('/').pop();
    const { post, page, cookie } = await postFormAndFollow(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '', numeroDocumento: '1020304050' });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe(`/checkout/${token}?metodo=pse`);
    expect(cookie).not.toMatch(/1020304050|ana|example/i);
    expect(post.headers.getSetCookie()[0]).toMatch(new RegExp(`; Path=/checkout/${token}; Max-Age=300; HttpOnly; SameSite=Lax$`));
    expect(page.text).toContain('Elige tu banco.');
    expect(page.text).toMatch(/id="numeroDocumento"[^>]*value="1020304050"/);
    // Shown once: the page clears the cookie, and the page asked again without it is the plain form.
    expect(page.headers.getSetCookie()[0]).toMatch(/^pasarela_checkout_aviso=; Path=\/checkout\/[^;]+; Max-Age=0/);
    const reloaded = await http('GET', `${charge.checkoutUrl}?metodo=pse`);
    expect(reloaded.text).not.toContain('Elige tu banco.');
    expect(reloaded.text).not.toContain('1020304050');
    // Nor does another charge's page open it.
    const other = await createCharge(gw, merchant);
    const elsewhere = await http('GET', `${other.checkoutUrl}?metodo=pse`, { headers: { cookie } });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.text).not.toContain('1020304050');
  });

  it('answers a refused action by a 303 to the page, which says why once', async () => {
    const charge = await createCharge(gw, merchant);
    expect((await postForm(`${charge.checkoutUrl}/efectivo`, {})).status).toBe(303);
    const { post, page } = await postFormAndFollow(`${charge.checkoutUrl}/efectivo`, {});
    expect(post.headers.get('location')).toBe(`/checkout/${charge.checkoutUrl.split('/').pop()}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Tu código para pagar en efectivo');
  });

  it('names an email the provider would refuse on the form, rather than sending the buyer back with nothing said', async () => {
    const charge = await createCharge(gw, merchant);
    const token = charge.checkoutUrl.split('/').pop();
    for (const email of ['ana@correo.c', 'ana..perez@correo.com', 'ana@correo_x.com', `${'a'.repeat(65)}@correo.com`, 'ana@[127.0.0.1]']) {
      const { post, page } = await postFormAndFollow(`${charge.checkoutUrl}/pse`, { ...PAYER, email, banco: '1007' });
      expect([email, post.headers.get('location')]).toEqual([email, `/checkout/${token}?metodo=pse`]);
      expect(/<p class="field-error" id="email-error">([^<]*)<\/p>/.exec(page.text)?.[1]).toBe('Escribe un correo electrónico válido, por ejemplo nombre@correo.com.');
    }
    // One the provider takes goes to the bank.
    const started = await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, email: 'ana.perez+compras@correo.com.co', banco: '1007' });
    expect(started.headers.get('location')).toMatch(new RegExp(`^${gw.infra.config.sandboxPublicUrl}/pse/`));
  });

  it("names what is wrong with a document number the buyer did write: the type's shape, or the NIT's check digit", async () => {
    const charge = await createCharge(gw, merchant);
    const cases: Array<[Record<string, string>, string]> = [
      [{ tipoDocumento: 'CC', numeroDocumento: '10.20.304.050' }, 'La cédula de ciudadanía lleva de 3 a 10 dígitos, con o sin puntos de miles, sin espacios.'],
      [{ tipoDocumento: 'TI', numeroDocumento: '12.345' }, 'La tarjeta de identidad lleva de 6 a 11 dígitos, con o sin puntos de miles, sin espacios.'],
      [{ tipoDocumento: 'PP', numeroDocumento: 'AB-12345' }, 'El pasaporte lleva de 3 a 12 letras o números, sin espacios ni guiones.'],
      [{ tipoPersona: 'juridica', tipoDocumento: 'NIT', numeroDocumento: '900123456' }, 'Escribe el NIT con su dígito de verificación después de un guion, así: 900123456-8.'],
      [{ tipoPersona: 'juridica', tipoDocumento: 'NIT', numeroDocumento: '900.123.456-7' }, 'El dígito de verificación (después del guion) no corresponde a ese NIT: revisa el número y el dígito.'],
      [{ numeroDocumento: '' }, 'Escribe el número de documento. Un NIT va con su dígito de verificación, así: 900123456-8.'],
    ];
    for (const [fields, message] of cases) {
      const { page } = await postFormAndFollow(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '9901', ...fields });
      expect(/<p class="field-error" id="numeroDocumento-error">([^<]*)<\/p>/.exec(page.text)?.[1]).toBe(message);
    }
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
  });

  it('ties a person-type problem to its radio group, so a screen reader reads it with the group', async () => {
    const charge = await createCharge(gw, merchant);
    const { page } = await postFormAndFollow(`${charge.checkoutUrl}/pse`, { ...PAYER, tipoPersona: 'empresa', banco: '9901' });
    expect(page.text).toMatch(/<fieldset class="field" aria-describedby="tipoPersona-error">/);
    expect(page.text).toMatch(/<p class="field-error" id="tipoPersona-error">Elige si eres persona natural o jurídica\.<\/p>/);
  });

  it('sends a PSE buyer to the bank page (303), which returns them to our page', async () => {
    const charge = await createCharge(gw, merchant);
    const started = await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '9902' });
    expect(started.status).toBe(303);
    const bank = started.headers.get('location') ?? '';
    expect(bank.startsWith(`${gw.infra.config.sandboxPublicUrl}/pse/`)).toBe(true);
    const back = await postForm(bank, { decision: 'aprobar' });
    expect(back.headers.get('location')).toBe(charge.checkoutUrl);
    expect(await estadoOf(gw, merchant, charge.id)).toBe('fallido');
  });

  it('cancels a PSE debit left at the bank when the buyer chooses another method; the bank page then refuses it', async () => {
    const charge = await createCharge(gw, merchant);
    const bank = (await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '1007' })).headers.get('location') ?? '';
    const page = await http('GET', charge.checkoutUrl);
    expect(page.text).toContain('Empezaste un pago PSE con Bancolombia');
    expect(page.text).toContain(`href="${bank}"`);
    expect((await postForm(`${charge.checkoutUrl}/efectivo`, {})).status).toBe(303);
    const bankPage = await http('GET', bank);
    expect(bankPage.text).toContain('Esta transacción fue cancelada');
    expect(bankPage.text).not.toContain('<form');
    await postForm(bank, { decision: 'aprobar' });
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
    expect(await eventTypes(gw, charge.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'CashVoucherIssued']);
  });

  it('the direct PSE link reminds a buyer who left a PSE debit at the bank, as the chooser does', async () => {
    const charge = await createCharge(gw, merchant);
    const bank = (await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '1007' })).headers.get('location') ?? '';
    const page = await http('GET', `${charge.checkoutUrl}?metodo=pse`);
    expect(page.text).toContain('Pagar con PSE');
    expect(page.text).toContain('Empezaste un pago PSE con Bancolombia');
    expect(page.text).toContain(`<a href="${bank}">Continuar en el banco</a>`);
  });

  it('a second PSE form sent for another bank cancels the first debit; its bank page says why, truly', async () => {
    const charge = await createCharge(gw, merchant);
    const first = (await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '1007' })).headers.get('location') ?? '';
    const second = (await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '1051' })).headers.get('location') ?? '';
    expect(second).not.toBe(first);
    const firstPage = await http('GET', first);
    // Not "another method was chosen": the buyer chose PSE again, at another bank.
    expect(firstPage.text).toContain('Esta transacción fue cancelada: se empezó otro pago para esta compra.');
    expect(firstPage.text).not.toContain('<form');
    await postForm(first, { decision: 'aprobar' });
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
  });

  it("says why a payment failed when the provider said it in the buyer's words, else the generic text; never its code", async () => {
    const rejected = await createCharge(gw, merchant);
    const bank = (await postForm(`${rejected.checkoutUrl}/pse`, { ...PAYER, banco: '9902' })).headers.get('location') ?? '';
    await postForm(bank, { decision: 'aprobar' });
    const page = await http('GET', rejected.checkoutUrl);
    expect(page.text).toContain('El pago no fue aprobado');
    expect(page.text).toContain('Tu banco rechazó el débito por PSE.');
    expect(page.text).not.toContain('rechazado_por_el_banco');
    // The sandbox operator's scripted decline is no reason the buyer can act on: the generic text.
    const scripted = await createCharge(gw, merchant);
    await operator(gw, 'POST', `/internal/sandbox/pagos/${scripted.id}/resultado`, { resultado: 'fallido' });
    const generic = await http('GET', scripted.checkoutUrl);
    expect(generic.text).toContain('El pago no fue aprobado');
    expect(generic.text).toContain('No se hizo ningún cobro.');
    expect(generic.text).not.toMatch(/rechaz/);
  });

  it('holds a pending bank: no second payment while it processes, then approved when the bank decides', async () => {
    const charge = await createCharge(gw, merchant);
    const bank = (await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '9903' })).headers.get('location') ?? '';
    await postForm(bank, { decision: 'aprobar' });
    const waiting = await http('GET', charge.checkoutUrl);
    expect(waiting.text).toContain('Estamos confirmando tu pago');
    expect(waiting.text).not.toContain('<form');
    // Without JavaScript it reloads itself; with it, checkout.js asks the screen's URL instead (a browser test).
    expect(waiting.text).toContain('<noscript><meta http-equiv="refresh" content="10"></noscript>');
    expect(waiting.text).toContain(`data-estado="/checkout/${charge.checkoutUrl.split('/').pop()}/estado"`);
    const screen = await http('GET', `${charge.checkoutUrl}/estado`);
    expect(screen.status).toBe(200);
    expect(screen.body).toEqual({ pantalla: 'processing' });
    expect(screen.headers.get('cache-control')).toBe('no-store');
    const cash = await postFormAndFollow(`${charge.checkoutUrl}/efectivo`, {});
    expect(cash.post.status).toBe(303);
    expect(cash.page.text).toContain('Estamos confirmando tu pago');
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
    clock.advance(61_000);
    expect(await eventually(() => estadoOf(gw, merchant, charge.id), (e) => e === 'aprobado', 4000)).toBe('aprobado');
    expect((await http('GET', `${charge.checkoutUrl}/estado`)).body).toEqual({ pantalla: 'final' });
  });

  it('goes back to the return page exactly as registered, no parameters; or to the charge urlRetorno', async () => {
    const charge = await createCharge(gw, merchant);
    const back = await http('GET', `${charge.checkoutUrl}/volver`);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(DEFAULT_RETURN_URL);
    const own = await createCharge(gw, merchant, { urlRetorno: 'https://pagos.tienda.example.co/retorno?orden=77&canal=web' });
    const ownBack = await http('GET', `${own.checkoutUrl}/volver`);
    expect(ownBack.headers.get('location')).toBe('https://pagos.tienda.example.co/retorno?orden=77&canal=web');
    expect(ownBack.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('shows a final charge with its state and no payment form; posting a payment to it changes nothing', async () => {
    const charge = await createCharge(gw, merchant);
    await operator(gw, 'POST', `/internal/sandbox/pagos/${charge.id}/resultado`, { resultado: 'aprobado' });
    for (const url of [charge.checkoutUrl, `${charge.checkoutUrl}?metodo=pse`, `${charge.checkoutUrl}?metodo=tarjeta`]) {
      const page = await http('GET', url);
      expect(page.status).toBe(200);
      expect(page.text).toContain('¡Pago aprobado!');
      expect(page.text).not.toMatch(/<form|<iframe|<input|<select/);
    }
    const events = await eventTypes(gw, charge.id);
    expect((await postFormAndFollow(`${charge.checkoutUrl}/efectivo`, {})).page.text).toContain('¡Pago aprobado!');
    expect((await postFormAndFollow(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '9901' })).page.text).toContain('¡Pago aprobado!');
    expect(await eventTypes(gw, charge.id)).toEqual(events);
  });

  it('issues one cash voucher (a second click shows it again) and then offers no other method', async () => {
    const charge = await createCharge(gw, merchant);
    expect((await postForm(`${charge.checkoutUrl}/efectivo`, {})).headers.get('location')).toBe(`/checkout/${charge.token}`);
    await postForm(`${charge.checkoutUrl}/efectivo`, {});
    expect(await eventTypes(gw, charge.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'CashVoucherIssued']);
    const page = await http('GET', `${charge.checkoutUrl}?metodo=pse`);
    expect(page.text).toContain('Tu código para pagar en efectivo');
    expect(page.text).toContain('110342');
    expect(page.text).not.toMatch(/<form|<iframe/);
    expect((await postFormAndFollow(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '9901' })).page.text).toContain('Tu código para pagar en efectivo');
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
  });

  it('expires a voucher past its deadline: CashVoucherExpired, still pendiente, the network can no longer take it', async () => {
    const charge = await createCharge(gw, merchant);
    await postForm(`${charge.checkoutUrl}/efectivo`, {});
    const [voucher] = await gw.infra.dataSource.query(
      "SELECT data FROM events WHERE stream_id = $1 AND type = 'CashVoucherIssued'",
      [`charge-${charge.id}`],
    );
    // 72 hours by default.
    expect(Date.parse(voucher.data.expiresAt) - clock.now().getTime()).toBeGreaterThan(71.9 * 3600_000);
    clock.advance(72 * 3600_000 + 1000);
    const types = await eventually(() => eventTypes(gw, charge.id), (t) => t.includes('CashVoucherExpired'), 5000);
    expect(types).toEqual(['ChargeCreated', 'CheckoutOpened', 'CashVoucherIssued', 'CashVoucherExpired']);
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
    const counter = await postForm(`${gw.infra.config.sandboxPublicUrl}/red-efectivo`, { referencia: voucher.data.voucherReference });
    expect(counter.status).toBe(409);
    expect(counter.text).toContain('venció');
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
    const page = await http('GET', charge.checkoutUrl);
    expect(page.text).toContain('El código de pago venció');
    expect(page.text).not.toMatch(/<form|<iframe/);
    // Nor can the operator's scripted outcome approve it: the voucher is not open any more.
    const scripted = await operator(gw, 'POST', `/internal/sandbox/pagos/${charge.id}/resultado`, { resultado: 'aprobado' });
    expect(scripted.status).toBe(409);
    expect(scripted.body.code).toBe('sandbox_voucher_expired');
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
  });

  it("sends the merchant's webhook nothing for a voucher issued or expired; the one paid later gets payment.completed", async () => {
    const receiver = await Receiver.start({ now: () => clock.now().getTime() });
    try {
      const shop = await merchantWithEndpoint(gw, receiver.url);
      receiver.secret = shop.secret ?? '';
      const voucher = async (): Promise<{ id: string; reference: string }> => {
        const charge = await createCharge(gw, shop);
        await postForm(`${charge.checkoutUrl}/efectivo`, {});
        const [issued] = await gw.infra.dataSource.query("SELECT data FROM events WHERE stream_id = $1 AND type = 'CashVoucherIssued'", [
          `charge-${charge.id}`,
        ]);
        return { id: charge.id, reference: issued.data.voucherReference };
      };
      const expired = await voucher();
      clock.advance(72 * 3600_000 + 1000);
      await eventually(() => eventTypes(gw, expired.id), (t) => t.includes('CashVoucherExpired'), 5000);
      const paid = await voucher();
      expect((await postForm(`${gw.infra.config.sandboxPublicUrl}/red-efectivo`, { referencia: paid.reference })).status).toBe(200);

      // The projector writes deliveries in the order of the events: once the later payment's notice has arrived, one
      // for the expired voucher (issued and expired before it) would have been written too.
      const arrived = await eventually(async () => receiver.accepted, (accepted) => accepted.length > 0, 10_000);
      expect(arrived.map((request) => [JSON.parse(request.rawBody).type, JSON.parse(request.rawBody).data.paymentId])).toEqual([['payment.completed', paid.id]]);
      const deliveries = await operator(gw, 'GET', `/internal/merchants/${shop.merchantId}/entregas?pagoId=${expired.id}`);
      expect(deliveries.status).toBe(200);
      expect(deliveries.body.data).toEqual([]);
      expect(await estadoOf(gw, shop, expired.id)).toBe('pendiente');
    } finally {
      await receiver.close();
    }
  });

  it("the network's cashier must type the amount in pesos: letters are refused, the voucher stays unpaid", async () => {
    const charge = await createCharge(gw, merchant);
    await postForm(`${charge.checkoutUrl}/efectivo`, {});
    const [voucher] = await gw.infra.dataSource.query("SELECT data FROM events WHERE stream_id = $1 AND type = 'CashVoucherIssued'", [
      `charge-${charge.id}`,
    ]);
    const counter = `${gw.infra.config.sandboxPublicUrl}/red-efectivo`;
    const letters = await postForm(counter, { referencia: voucher.data.voucherReference, monto: 'abc' });
    expect(letters.status).toBe(400);
    expect(letters.text).toContain('solo números');
    // Dots only as thousands separators: a misplaced one is not read as the voucher's 150000.
    for (const monto of ['1.500.00', '15.0000', '150.000.']) {
      const misread = await postForm(counter, { referencia: voucher.data.voucherReference, monto });
      expect([monto, misread.status]).toEqual([monto, 400]);
    }
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
    expect((await postForm(counter, { referencia: voucher.data.voucherReference, monto: '$ 150.000' })).status).toBe(200);
    expect(await eventually(() => estadoOf(gw, merchant, charge.id), (estado) => estado === 'aprobado')).toBe('aprobado');
  });

  it("the network's cashier finds a reference typed with spaces or grouped; a refusal is announced as an alert", async () => {
    const charge = await createCharge(gw, merchant);
    await postForm(`${charge.checkoutUrl}/efectivo`, {});
    const [voucher] = await gw.infra.dataSource.query("SELECT data FROM events WHERE stream_id = $1 AND type = 'CashVoucherIssued'", [
      `charge-${charge.id}`,
    ]);
    const reference: string = voucher.data.voucherReference;
    const counter = `${gw.infra.config.sandboxPublicUrl}/red-efectivo`;
    const unknown = await postForm(counter, { referencia: '1234 5678 90' });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toMatch(/role="alert">El código de pago no existe/);
    const grouped = `${reference.slice(0, 3)} ${reference.slice(3, 6)}-${reference.slice(6)}`;
    const paid = await postForm(counter, { referencia: grouped });
    expect(paid.status).toBe(200);
    expect(paid.text).toContain(`role="status">Pago recibido para la referencia ${reference}.`);
    expect(await eventually(() => estadoOf(gw, merchant, charge.id), (estado) => estado === 'aprobado')).toBe('aprobado');
  });

  it('a card payment with cuotas out of 1-36 goes back to the card form with its error, not an outage page; 3 cuotas then pays', async () => {
    const charge = await createCharge(gw, merchant);
    const page = await http('GET', `${charge.checkoutUrl}?metodo=tarjeta`);
    const frame = /<iframe[^>]+src="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
    expect(frame).toBeDefined();
    const card = await postForm(frame!, { numero: '4242424242424242', nombre: 'Ana Pérez', vence: '12/30', cvc: '123' });
    const token = /name="tokenTarjeta" value="([^"]+)"/.exec(card.text)?.[1];
    expect(token).toMatch(/^tok_/);
    for (const cuotas of ['37', '0']) {
      const refused = await postFormAndFollow(`${charge.checkoutUrl}/tarjeta`, { tokenTarjeta: token!, cuotas });
      expect([cuotas, refused.post.headers.get('location')]).toEqual([cuotas, `${new URL(charge.checkoutUrl).pathname}?metodo=tarjeta`]);
      expect(refused.page.text).toContain('No pudimos usar esa tarjeta. Escribe sus datos otra vez.');
      expect(refused.page.text).not.toContain('no disponible');
    }
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
    expect((await postForm(`${charge.checkoutUrl}/tarjeta`, { tokenTarjeta: token!, cuotas: '3' })).status).toBe(303);
    expect(await eventually(() => estadoOf(gw, merchant, charge.id), (estado) => estado === 'aprobado')).toBe('aprobado');
  });

  it("dates an approved payment by its approval, also once the charge is reconciled days later", async () => {
    const charge = await createCharge(gw, merchant);
    expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${charge.id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
    expect(await eventually(() => estadoOf(gw, merchant, charge.id), (estado) => estado === 'aprobado')).toBe('aprobado');
    const fecha = async (): Promise<string | undefined> => /<dt>Fecha<\/dt><dd>([^<]+)<\/dd>/.exec((await http('GET', charge.checkoutUrl)).text)?.[1];
    const approvedOn = await fecha();
    expect(approvedOn).toContain('(hora de Colombia)');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(clock.now());
    await eventually(
      async () => (await gw.infra.dataSource.query('SELECT 1 FROM provider_references WHERE charge_id = $1', [charge.id])).length,
      (rows) => rows === 1,
    );
    // Three days later the operator imports the provider's report of that day.
    clock.advance(3 * 24 * 3600 * 1000);
    const report = (await operator(gw, 'GET', `/internal/conciliaciones/reportes/${day}`)).text;
    const imported = await operator(gw, 'POST', '/internal/conciliaciones', { reporte: report });
    expect(imported.body.conciliados.map((line: { pagoId: string }) => line.pagoId)).toContain(charge.id);
    expect(await eventually(() => estadoOf(gw, merchant, charge.id), (estado) => estado === 'conciliado')).toBe('conciliado');
    const page = await http('GET', charge.checkoutUrl);
    expect(page.text).toContain('¡Pago aprobado!');
    expect(await fecha()).toBe(approvedOn);
  });
});
