import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { isUuid } from '../../../kernel/uuid.js';
import { canRotate, endOfGrace } from '../../domain/api-key.js';
import { ApiKeyNotActive, ApiKeyNotFound } from '../../domain/merchant.errors.js';
import { drawApiKey } from '../issue-api-key/new-api-key.js';
import { API_KEYS, type ApiKeys } from '../ports/api-keys.port.js';
import { RotateApiKey, type RotatedApiKey } from './rotate-api-key.command.js';

@CommandHandler(RotateApiKey)
export class RotateApiKeyHandler implements ICommandHandler<RotateApiKey> {
  constructor(
    @Inject(API_KEYS) private readonly keys: ApiKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ keyId, graceSeconds }: RotateApiKey): Promise<RotatedApiKey> {
    const old = isUuid(keyId) ? await this.keys.find(keyId) : null;
    if (!old) throw new ApiKeyNotFound();
    const now = this.clock.now();
    if (!canRotate(old, now)) throw new ApiKeyNotActive();
    const { key, record } = drawApiKey(old.merchantId, old.role, now);
    const stopsAt = endOfGrace(now, graceSeconds);
    // The store re-checks the old key inside its transaction: of two concurrent rotations, one wins.
    if (!(await this.keys.rotate(old.id, record, stopsAt, now))) throw new ApiKeyNotActive();
    return { id: record.id, key, rol: record.role, previousStopsAt: stopsAt.toISOString() };
  }
}
