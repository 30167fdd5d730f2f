import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { isUuid } from '../../../kernel/uuid.js';
import { MerchantNotFound } from '../../domain/merchant.errors.js';
import { API_KEYS, type ApiKeys } from '../ports/api-keys.port.js';
import { MERCHANTS, type Merchants } from '../ports/merchants.port.js';
import { IssueApiKey, type IssuedApiKey } from './issue-api-key.command.js';
import { drawApiKey } from './new-api-key.js';

@CommandHandler(IssueApiKey)
export class IssueApiKeyHandler implements ICommandHandler<IssueApiKey> {
  constructor(
    @Inject(MERCHANTS) private readonly merchants: Merchants,
    @Inject(API_KEYS) private readonly keys: ApiKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId, role }: IssueApiKey): Promise<IssuedApiKey> {
    if (!isUuid(merchantId) || !(await this.merchants.view(merchantId))) throw new MerchantNotFound();
    const { key, record } = drawApiKey(merchantId, role, this.clock.now());
    await this.keys.add(record);
    return { id: record.id, key, rol: role };
  }
}
