import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../kernel/uuid.js';
import { API_KEYS, type ApiKeys } from '../ports/api-keys.port.js';
import { NameApiKeys } from './name-api-keys.query.js';

@QueryHandler(NameApiKeys)
export class NameApiKeysHandler implements IQueryHandler<NameApiKeys, Record<string, string>> {
  constructor(@Inject(API_KEYS) private readonly keys: ApiKeys) {}

  execute({ merchantId, keyIds }: NameApiKeys): Promise<Record<string, string>> {
    const ids = keyIds.filter(isUuid);
    return ids.length === 0 || !isUuid(merchantId) ? Promise.resolve({}) : this.keys.lastFours(merchantId, ids);
  }
}
