import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../kernel/uuid.js';
import { cursorOf, summarize } from '../../domain/settings-change.js';
import { SETTINGS_HISTORY, type SettingsHistory } from '../ports/settings-history.port.js';
import { ListSettingsChanges, type SettingsChangePage } from './list-settings-changes.query.js';

@QueryHandler(ListSettingsChanges)
export class ListSettingsChangesHandler implements IQueryHandler<ListSettingsChanges, SettingsChangePage> {
  constructor(@Inject(SETTINGS_HISTORY) private readonly history: SettingsHistory) {}

  async execute({ merchantId, after, limit }: ListSettingsChanges): Promise<SettingsChangePage> {
    if (!isUuid(merchantId)) return { data: [], next: null };
    // One row more than asked tells whether another page exists.
    const rows = await this.history.list(merchantId, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page.map((change) => ({ change, resumen: summarize(change) })),
      next: rows.length > limit && last ? cursorOf(last) : null,
    };
  }
}
