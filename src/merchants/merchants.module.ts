// The merchants context: accounts, approval, web registration, API keys. Import it to use the API key guard
// (`@MerchantAuth()`) or to send its commands and queries.
import { Module } from '@nestjs/common';
import type { Config } from '../kernel/config.js';
import { CONFIG } from '../kernel/infrastructure.module.js';
import { PostgresApiKeys } from './adapters/persistence/postgres.api-keys.js';
import { PostgresMerchants } from './adapters/persistence/postgres.merchants.js';
import { ApiKeyGuard } from './adapters/http/api-key.guard.js';
import { KeyRateLimiter } from './adapters/http/rate-limit.js';
import { ApproveMerchantHandler } from './application/approve-merchant/approve-merchant.handler.js';
import { AuthenticateApiKeyHandler } from './application/authenticate-api-key/authenticate-api-key.handler.js';
import { CreateMerchantHandler } from './application/create-merchant/create-merchant.handler.js';
import { GetMerchantHandler } from './application/get-merchant/get-merchant.handler.js';
import { IssueApiKeyHandler } from './application/issue-api-key/issue-api-key.handler.js';
import { NameApiKeysHandler } from './application/name-api-keys/name-api-keys.handler.js';
import { API_KEYS } from './application/ports/api-keys.port.js';
import { MERCHANTS } from './application/ports/merchants.port.js';
import { RevokeApiKeyHandler } from './application/revoke-api-key/revoke-api-key.handler.js';
import { RotateApiKeyHandler } from './application/rotate-api-key/rotate-api-key.handler.js';
import { SetWebRegistrationHandler } from './application/set-web-registration/set-web-registration.handler.js';
import { PEOPLE_HANDLERS } from './application/people/people.handlers.js';
import { PEOPLE } from './application/ports/people.port.js';
import { PostgresPeople } from './adapters/persistence/postgres.people.js';
import { PERSON_ACCESS_HANDLERS } from './application/people/person-access.handlers.js';
import { PASSWORD_HASHER } from './application/ports/password-hasher.port.js';
import { Argon2PasswordHasher } from './adapters/crypto/argon2.password-hasher.js';
import { ListSettingsChangesHandler } from './application/list-settings-changes/list-settings-changes.handler.js';
import { SETTINGS_HISTORY } from './application/ports/settings-history.port.js';
import { PostgresSettingsHistory } from './adapters/persistence/postgres.settings-history.js';

const commandHandlers = [
  CreateMerchantHandler,
  ApproveMerchantHandler,
  IssueApiKeyHandler,
  RotateApiKeyHandler,
  RevokeApiKeyHandler,
  SetWebRegistrationHandler,
  ...PEOPLE_HANDLERS,
  ...PERSON_ACCESS_HANDLERS,
];
const queryHandlers = [GetMerchantHandler, AuthenticateApiKeyHandler, ListSettingsChangesHandler, NameApiKeysHandler];
const repositories = [
  { provide: MERCHANTS, useClass: PostgresMerchants },
  { provide: API_KEYS, useClass: PostgresApiKeys },
  { provide: PEOPLE, useClass: PostgresPeople },
  { provide: PASSWORD_HASHER, useClass: Argon2PasswordHasher },
  { provide: SETTINGS_HISTORY, useClass: PostgresSettingsHistory },
];
const keyRateLimiter = {
  provide: KeyRateLimiter,
  useFactory: (config: Config) => new KeyRateLimiter(config.rateLimitPerKey),
  inject: [CONFIG],
};

@Module({
  providers: [...commandHandlers, ...queryHandlers, ...repositories, keyRateLimiter, ApiKeyGuard],
  exports: [ApiKeyGuard, KeyRateLimiter],
})
export class MerchantsModule {}
