// How a merchant API controller is protected. Other contexts' controllers use these too:
//   @MerchantAuth() on the class, @Writes() on each write, @CurrentPrincipal() to know who calls.
import { applyDecorators, createParamDecorator, SetMetadata, UseGuards, type ExecutionContext } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Principal } from '../../../kernel/principal.js';
import { InvalidApiKey } from '../../domain/merchant.errors.js';
import { ApiKeyGuard, WRITES, type AuthenticatedRequest } from './api-key.guard.js';
import { ErrorResponse } from './error.response.js';

export { ApiKeyGuard } from './api-key.guard.js';

/** The bearer key guard (with the key's rate limit) on every route of the controller, and its OpenAPI security. */
export function MerchantAuth(): ClassDecorator {
  return applyDecorators(
    UseGuards(ApiKeyGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ type: ErrorResponse, description: 'Key missing, wrong, revoked or rotated (code invalid_api_key).' }),
    ApiTooManyRequestsResponse({ type: ErrorResponse, description: 'Rate limit of the key exceeded (code rate_limited); see Retry-After.' }),
  );
}

/** Marks a route that changes something: a read-only key (`lectura`) gets 403 forbidden_role and nothing is written. */
export function Writes(): MethodDecorator {
  return applyDecorators(
    SetMetadata(WRITES, true),
    ApiForbiddenResponse({ type: ErrorResponse, description: 'The key has the read-only role (code forbidden_role).' }),
  );
}

/** The caller set by the guard. Fails closed (401) on a route the guard does not protect. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new InvalidApiKey(true);
  return principal;
});
