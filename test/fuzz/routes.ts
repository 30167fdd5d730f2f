// Every route a client can reach, by listener, with a valid request of each: the fuzz test replaces one part at a time.
// Listed by hand from the controllers (and the plain Fastify routes): a new route needs its line here, and
// route-coverage.http.spec.ts fails naming any route a listener serves that no line here reaches.

/** Which listener, and so which credentials and which answer shapes. */
export type Door = 'api' | 'operator' | 'checkout' | 'portal' | 'portal-anonymous' | 'notices' | 'plain' | 'sandbox-api' | 'sandbox-page';

export interface Route {
  door: Door;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `:name` placeholders, filled from `params`. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body. */
  json?: Record<string, unknown>;
  /** A form body (the portal's anti-forgery token is added by the runner). */
  form?: Record<string, string>;
  /** The page whose form cookie and token an anonymous portal post needs. */
  formPage?: string;
}

/** The ids and tokens of merchant A (whose credentials the fuzz uses) that the routes need. */
export interface Fixture {
  merchantId: string;
  chargeId: string;
  approvedChargeId: string;
  checkoutToken: string;
  personId: string;
  /** Another invited person of A, for the portal's forms (the API's DELETE removes the first). */
  portalPersonId: string;
  keyIdToRevoke: string;
  deliveryId: string;
  sessionId: string;
  invitationToken: string;
  resetToken: string;
  sandboxSessionId: string;
  otherMerchantId: string;
}

export function routes(f: Fixture): Route[] {
  const m = f.merchantId;
  const page = { estado: 'pendiente', referencia: 'PED-1', desde: '2026-01-01', hasta: '2026-12-31', limit: '10', cursor: '' };
  const password = { password: 'otra clave larga de prueba', confirmacion: 'otra clave larga de prueba' };
  return [
    // Merchant API
    { door: 'api', method: 'GET', path: '/v1/merchants/me' },
    { door: 'api', method: 'GET', path: '/v1/merchants/me/registro-web' },
    { door: 'api', method: 'PUT', path: '/v1/merchants/me/registro-web', json: { sitioWeb: 'https://tienda.example.co', urlRetorno: 'https://tienda.example.co/gracias' } },
    { door: 'api', method: 'GET', path: '/v1/merchants/me/cambios', query: { limit: '5', cursor: '' } },
    { door: 'api', method: 'POST', path: '/v1/pagos', json: { merchantId: m, monto: 150000, moneda: 'COP', referencia: 'PED-F', descripcion: 'Camiseta', urlRetorno: 'https://tienda.example.co/ok' } },
    { door: 'api', method: 'GET', path: '/v1/pagos', query: page },
    { door: 'api', method: 'GET', path: '/v1/pagos/stats', query: { desde: '2026-01-01', hasta: '2026-03-31', periodo: 'mes' } },
    { door: 'api', method: 'GET', path: '/v1/pagos/bancos' },
    { door: 'api', method: 'GET', path: '/v1/pagos/:id', params: { id: f.chargeId } },
    { door: 'api', method: 'GET', path: '/v1/pagos/:id/liquidacion', params: { id: f.approvedChargeId } },
    { door: 'api', method: 'POST', path: '/v1/webhook-endpoint', json: { url: 'http://127.0.0.1:9/otro' } },
    { door: 'api', method: 'GET', path: '/v1/webhook-endpoint' },
    { door: 'api', method: 'PUT', path: '/v1/webhook-endpoint', json: { url: 'http://127.0.0.1:9/hook', activo: true } },
    { door: 'api', method: 'POST', path: '/v1/webhook-endpoint/secreto' },
    { door: 'api', method: 'GET', path: '/v1/personas' },
    { door: 'api', method: 'POST', path: '/v1/personas', json: { email: 'nueva@tienda.co', nombre: 'Nueva', rol: 'lectura' } },
    { door: 'api', method: 'PATCH', path: '/v1/personas/:id', params: { id: f.personId }, json: { rol: 'lectura' } },
    { door: 'api', method: 'POST', path: '/v1/personas/:id/restablecimiento', params: { id: f.personId } },
    { door: 'api', method: 'DELETE', path: '/v1/personas/:id', params: { id: f.personId } },
    { door: 'notices', method: 'POST', path: '/provider/notices', json: { id: 'ntf_1', sesion: 'ses_1', pagoId: f.chargeId, intento: 'int_1', metodo: 'pse', resultado: 'rechazado', motivo: null, decididoEn: null } },
    { door: 'plain', method: 'GET', path: '/health' },
    { door: 'plain', method: 'GET', path: '/docs' },
    { door: 'plain', method: 'GET', path: '/docs/openapi.json' },
    { door: 'plain', method: 'GET', path: '/docs/openapi.yaml' },
    { door: 'plain', method: 'GET', path: '/docs/swagger-ui.css' },
    // Hosted checkout
    { door: 'checkout', method: 'GET', path: '/checkout/assets/checkout.css' },
    { door: 'checkout', method: 'GET', path: '/checkout/assets/checkout.js' },
    { door: 'checkout', method: 'GET', path: '/checkout/:token', params: { token: f.checkoutToken }, query: { metodo: 'pse' } },
    { door: 'checkout', method: 'GET', path: '/checkout/:token/estado', params: { token: f.checkoutToken } },
    { door: 'checkout', method: 'GET', path: '/checkout/:token/volver', params: { token: f.checkoutToken } },
    { door: 'checkout', method: 'GET', path: '/checkout/:token/pse', params: { token: f.checkoutToken } },
    { door: 'checkout', method: 'POST', path: '/checkout/:token/pse', params: { token: f.checkoutToken }, form: { banco: '1007', tipoPersona: 'natural', tipoDocumento: 'CC', numeroDocumento: '1020304050', nombre: 'Ana', email: 'ana@example.com', telefono: '3001234567' } },
    { door: 'checkout', method: 'POST', path: '/checkout/:token/tarjeta', params: { token: f.checkoutToken }, form: { tokenTarjeta: 'tok_x', cuotas: '1' } },
    { door: 'checkout', method: 'POST', path: '/checkout/:token/efectivo', params: { token: f.checkoutToken }, form: {} },
    // Portal (signed in as A's administrator; the anonymous forms with their own cookie)
    { door: 'portal', method: 'GET', path: '/portal' },
    { door: 'portal-anonymous', method: 'GET', path: '/portal/ingresar', query: { volver: '/portal/pagos', aviso: 'salida' } },
    { door: 'portal-anonymous', method: 'POST', path: '/portal/ingresar', formPage: '/portal/ingresar', form: { email: 'nadie@tienda.co', password: 'una clave cualquiera', comercio: '', volver: '/portal/pagos' } },
    { door: 'portal', method: 'GET', path: '/portal/resumen', query: { dias: '30', hecho: 'x' } },
    { door: 'portal', method: 'GET', path: '/portal/pagos', query: page },
    { door: 'portal', method: 'GET', path: '/portal/pagos/:id', params: { id: f.chargeId }, query: { hecho: 'reenvio' } },
    { door: 'portal', method: 'GET', path: '/portal/configuracion' },
    { door: 'portal', method: 'GET', path: '/portal/configuracion/sitio', query: { hecho: 'sitio' } },
    { door: 'portal', method: 'POST', path: '/portal/configuracion/sitio', form: { sitioWeb: 'https://tienda.example.co', urlRetorno: 'https://tienda.example.co/gracias' } },
    { door: 'portal', method: 'GET', path: '/portal/configuracion/historial', query: { cursor: '' } },
    { door: 'portal', method: 'GET', path: '/portal/configuracion/webhook', query: { estado: 'fallida', hecho: 'x', cursor: '' } },
    { door: 'portal', method: 'POST', path: '/portal/configuracion/webhook', form: { url: 'http://127.0.0.1:9/hook' } },
    { door: 'portal', method: 'POST', path: '/portal/configuracion/webhook/url', form: { url: 'http://127.0.0.1:9/hook' } },
    { door: 'portal', method: 'POST', path: '/portal/configuracion/webhook/estado', form: { activo: 'true' } },
    { door: 'portal', method: 'GET', path: '/portal/configuracion/webhook/secreto' },
    { door: 'portal', method: 'POST', path: '/portal/configuracion/webhook/secreto', form: { visto: '2026-11-23T12:00:00.000Z', entiendo: 'si' } },
    { door: 'portal', method: 'POST', path: '/portal/configuracion/webhook/entregas/:id/reenviar', params: { id: f.deliveryId }, form: {} },
    { door: 'portal', method: 'GET', path: '/portal/configuracion/personas', query: { hecho: 'invitada', problema: 'x' } },
    { door: 'portal', method: 'POST', path: '/portal/configuracion/personas', form: { nombre: 'Otra', email: 'otra@tienda.co', rol: 'lectura' } },
    { door: 'portal', method: 'POST', path: '/portal/configuracion/personas/:id/rol', params: { id: f.portalPersonId }, form: { rol: 'administrador' } },
    { door: 'portal', method: 'GET', path: '/portal/configuracion/personas/:id/quitar', params: { id: f.portalPersonId } },
    { door: 'portal', method: 'POST', path: '/portal/configuracion/personas/:id/restablecer', params: { id: f.portalPersonId }, form: {} },
    { door: 'portal', method: 'POST', path: '/portal/configuracion/personas/:id/quitar', params: { id: f.portalPersonId }, form: {} },
    { door: 'portal', method: 'GET', path: '/portal/sesiones', query: { hecho: 'otras' } },
    { door: 'portal', method: 'POST', path: '/portal/sesiones/:id/cerrar', params: { id: f.sessionId }, form: {} },
    { door: 'portal', method: 'POST', path: '/portal/sesiones/cerrar-otras', form: {} },
    { door: 'portal', method: 'GET', path: '/portal/assets/portal.css' },
    { door: 'portal-anonymous', method: 'GET', path: '/portal/invitacion/:token', params: { token: f.invitationToken } },
    { door: 'portal-anonymous', method: 'POST', path: '/portal/invitacion/:token', params: { token: f.invitationToken }, formPage: `/portal/invitacion/${f.invitationToken}`, form: { password: 'corta', confirmacion: 'corta' } },
    { door: 'portal-anonymous', method: 'GET', path: '/portal/restablecer/:token', params: { token: f.resetToken } },
    { door: 'portal-anonymous', method: 'POST', path: '/portal/restablecer/:token', params: { token: f.resetToken }, formPage: `/portal/restablecer/${f.resetToken}`, form: { ...password, confirmacion: 'no coincide con la otra' } },
    { door: 'portal', method: 'POST', path: '/portal/salir', form: {} },
    // The portal's catch-all (its own "no existe" page, for every method)
    { door: 'portal', method: 'GET', path: '/portal/no-existe' },
    { door: 'portal', method: 'POST', path: '/portal/no-existe', form: {} },
    // Operator API
    { door: 'operator', method: 'POST', path: '/internal/merchants', json: { nombre: 'Tienda fuzz' } },
    { door: 'operator', method: 'POST', path: '/internal/merchants/:id/aprobacion', params: { id: m } },
    { door: 'operator', method: 'POST', path: '/internal/merchants/:id/api-keys', params: { id: m }, json: { rol: 'lectura' } },
    { door: 'operator', method: 'POST', path: '/internal/api-keys/:id/rotacion', params: { id: f.keyIdToRevoke }, json: { graciaSegundos: 60 } },
    { door: 'operator', method: 'DELETE', path: '/internal/api-keys/:id', params: { id: f.keyIdToRevoke } },
    { door: 'operator', method: 'GET', path: '/internal/merchants/:id/personas', params: { id: m } },
    { door: 'operator', method: 'POST', path: '/internal/merchants/:id/personas', params: { id: m }, json: { email: 'op@tienda.co', nombre: 'Op' } },
    { door: 'operator', method: 'POST', path: '/internal/personas/:id/restablecimiento', params: { id: f.personId } },
    { door: 'operator', method: 'GET', path: '/internal/pagos/:id/eventos', params: { id: f.chargeId } },
    { door: 'operator', method: 'GET', path: '/internal/pagos/:id/liquidacion', params: { id: f.approvedChargeId } },
    { door: 'operator', method: 'POST', path: '/internal/pagos/:id/reembolso', params: { id: f.approvedChargeId } },
    { door: 'operator', method: 'GET', path: '/internal/anomalias', query: { pagoId: f.chargeId, limit: '10' } },
    { door: 'operator', method: 'GET', path: '/internal/merchants/:id/tarifa', params: { id: m } },
    { door: 'operator', method: 'PUT', path: '/internal/merchants/:id/tarifa', params: { id: m }, json: { comisionPorcentaje: 2.65, comisionFija: 700, ivaComisionPorcentaje: 19, ivaVentasPorcentaje: 19, retefuentePorcentaje: null, reteIvaPorcentaje: 15, reteIcaPorcentaje: 0.414 } },
    { door: 'operator', method: 'GET', path: '/internal/retefuente' },
    { door: 'operator', method: 'PUT', path: '/internal/retefuente/:fecha', params: { fecha: '2030-01-01' }, json: { porcentaje: 1.5, fuente: 'DUR 1625/2016' } },
    { door: 'operator', method: 'POST', path: '/internal/conciliaciones', json: { reporte: 'referencia_proveedor,monto,fecha\nint_1,150000,2026-01-02\n' } },
    { door: 'operator', method: 'GET', path: '/internal/conciliaciones', query: { limit: '5', cursor: '', conHallazgos: 'true' } },
    { door: 'operator', method: 'GET', path: '/internal/conciliaciones/reportes/:fecha', params: { fecha: '2026-01-02' } },
    { door: 'operator', method: 'GET', path: '/internal/conciliaciones/:id', params: { id: f.chargeId } },
    { door: 'operator', method: 'PUT', path: '/internal/merchants/:id/checkout-propio', params: { id: m }, json: { habilitado: false } },
    { door: 'operator', method: 'GET', path: '/internal/merchants/:id/entregas', params: { id: m }, query: { estado: 'fallida', pagoId: f.approvedChargeId, limit: '5', cursor: '' } },
    { door: 'operator', method: 'POST', path: '/internal/entregas/:id/reenvio', params: { id: f.deliveryId } },
    { door: 'operator', method: 'POST', path: '/internal/merchants/:id/webhook-endpoint/secreto', params: { id: m } },
    { door: 'operator', method: 'POST', path: '/internal/webhook-secrets/resellado' },
    { door: 'operator', method: 'POST', path: '/internal/replay', json: { lote: 100 } },
    { door: 'operator', method: 'GET', path: '/internal/replay/:id', params: { id: f.chargeId } },
    { door: 'operator', method: 'POST', path: '/internal/proyecciones/pagos/reconstruccion' },
    { door: 'operator', method: 'POST', path: '/internal/sandbox/pagos/:id/resultado', params: { id: f.chargeId }, json: { resultado: 'fallido' } },
    { door: 'operator', method: 'GET', path: '/internal/sandbox/comportamiento' },
    { door: 'operator', method: 'PUT', path: '/internal/sandbox/comportamiento', json: { demoraMs: 0, silencio: false, veces: 1 } },
    // The sandbox provider (its API with the provider's credentials; its pages as a buyer opens them)
    { door: 'sandbox-page', method: 'GET', path: '/assets/sandbox.css' },
    { door: 'sandbox-page', method: 'GET', path: '/assets/marco.js' },
    { door: 'sandbox-page', method: 'GET', path: '/tarjeta/:id', params: { id: 'frm_desconocido' } },
    { door: 'sandbox-page', method: 'POST', path: '/tarjeta/:id', params: { id: 'frm_desconocido' }, form: { numero: '4242424242424242', nombre: 'Ana', vence: '12/30', cvc: '123' } },
    { door: 'sandbox-page', method: 'GET', path: '/pse/:id', params: { id: 'int_desconocido' } },
    { door: 'sandbox-page', method: 'POST', path: '/pse/:id', params: { id: 'int_desconocido' }, form: { decision: 'aprobar' } },
    { door: 'sandbox-page', method: 'GET', path: '/red-efectivo' },
    { door: 'sandbox-page', method: 'POST', path: '/red-efectivo', form: { referencia: '1234 5678', monto: '150000' } },
    { door: 'sandbox-api', method: 'POST', path: '/api/red-efectivo/pagos', json: { referencia: '12345678', monto: 150000 } },
    { door: 'sandbox-api', method: 'GET', path: '/api/bancos' },
    { door: 'sandbox-api', method: 'POST', path: '/api/sesiones', json: { chargeId: f.chargeId, merchantId: m, monto: 150000, moneda: 'COP', referencia: 'PED-F', descripcion: null } },
    { door: 'sandbox-api', method: 'GET', path: '/api/sesiones/:id', params: { id: f.sandboxSessionId } },
    { door: 'sandbox-api', method: 'POST', path: '/api/sesiones/:id/pse', params: { id: f.sandboxSessionId }, json: { pagador: { nombre: 'Ana', email: 'ana@example.com', telefono: null, tipoPersona: 'natural', tipoDocumento: 'CC', numeroDocumento: '1020304050' }, banco: '1007', urlRetorno: 'https://tienda.example.co/ok', propio: false } },
    { door: 'sandbox-api', method: 'POST', path: '/api/sesiones/:id/formularios-tarjeta', params: { id: f.sandboxSessionId }, json: { urlConfirmacion: 'https://tienda.example.co/ok' } },
    { door: 'sandbox-api', method: 'POST', path: '/api/sesiones/:id/tarjeta', params: { id: f.sandboxSessionId }, json: { token: 'tok_x', cuotas: 1 } },
    { door: 'sandbox-api', method: 'POST', path: '/api/sesiones/:id/efectivo', params: { id: f.sandboxSessionId } },
    { door: 'sandbox-api', method: 'POST', path: '/api/sesiones/:id/reembolso', params: { id: f.sandboxSessionId }, json: { monto: 150000 } },
    { door: 'sandbox-api', method: 'POST', path: '/api/pagos/:id/resultado', params: { id: f.chargeId }, json: { resultado: 'fallido' } },
    { door: 'sandbox-api', method: 'GET', path: '/api/liquidaciones/:fecha', params: { fecha: '2026-01-02' } },
    { door: 'sandbox-api', method: 'GET', path: '/control/comportamiento' },
    { door: 'sandbox-api', method: 'PUT', path: '/control/comportamiento', json: { demoraMs: 0, silencio: false, veces: 1 } },
  ];
}
