import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { QueryBus } from '@nestjs/cqrs';
import type { MerchantRole, Principal } from '../../src/kernel/principal.js';
import { ApiKeyGuard, bearerToken, WRITES, type AuthenticatedRequest } from '../../src/merchants/adapters/http/api-key.guard.js';
import { KeyRateLimiter, RateLimited } from '../../src/merchants/adapters/http/rate-limit.js';
import { ForbiddenRole } from '../../src/merchants/domain/merchant.errors.js';

function route(marked: boolean): () => void {
  const handler = () => undefined;
  if (marked) Reflect.defineMetadata(WRITES, true, handler);
  return handler;
}

function setup(role: MerchantRole, method: string, handler: () => void, limiter = new KeyRateLimiter(100)) {
  const principal: Principal = { merchantId: 'm-1', role, actor: { type: 'merchant-key', id: 'k-1' } };
  const queries = { execute: async () => principal } as unknown as QueryBus;
  const request = { method, headers: { authorization: 'Bearer svcpk_x' } } as unknown as AuthenticatedRequest;
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => (headers[name] = value) };
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
    getHandler: () => handler,
    getClass: () => class {},
  } as unknown as ExecutionContext;
  return { guard: new ApiKeyGuard(queries, limiter, new Reflector()), context, request, headers };
}

describe('ApiKeyGuard roles', () => {
  it('lets a read-only key read, and sets the principal', async () => {
    const { guard, context, request } = setup('lectura', 'GET', route(false));
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.principal).toEqual({ merchantId: 'm-1', role: 'lectura', actor: { type: 'merchant-key', id: 'k-1' } });
  });

  it('refuses a read-only key on a route marked @Writes()', async () => {
    const { guard, context, request } = setup('lectura', 'GET', route(true));
    await expect(guard.canActivate(context)).rejects.toBeInstanceOf(ForbiddenRole);
    expect(request.principal).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('fails closed: a read-only key on an unmarked %s is refused', async (method) => {
    const { guard, context } = setup('lectura', method, route(false));
    await expect(guard.canActivate(context)).rejects.toBeInstanceOf(ForbiddenRole);
  });

  it('lets an administrador key write', async () => {
    const { guard, context } = setup('administrador', 'POST', route(true));
    await expect(guard.canActivate(context)).resolves.toBe(true);
  });

  it('spends the rate limit before judging the role, and reports it in headers', async () => {
    const limiter = new KeyRateLimiter(1, () => 0);
    const { guard, context, headers } = setup('lectura', 'GET', route(false), limiter);
    await guard.canActivate(context);
    await guard.canActivate(context);
    expect(headers).toEqual({ 'ratelimit-limit': '2', 'ratelimit-remaining': '0', 'ratelimit-reset': '2' });
    await expect(guard.canActivate(context)).rejects.toBeInstanceOf(RateLimited);
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
    ['Basic abc', undefined],
    [undefined, undefined],
  ])('%j -> %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});
