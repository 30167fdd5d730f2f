import { Query } from '@nestjs/cqrs';
import type { SettingsChange, SettingsChangeCursor } from '../../domain/settings-change.js';

export interface SettingsChangeEntry {
  change: SettingsChange;
  resumen: string;
}

export interface SettingsChangePage {
  data: SettingsChangeEntry[];
  next: SettingsChangeCursor | null;
}

/** One page of who changed the merchant's settings and when, newest first (DESIGN.md 5.18). */
export class ListSettingsChanges extends Query<SettingsChangePage> {
  constructor(
    readonly merchantId: string,
    readonly after: SettingsChangeCursor | null,
    readonly limit: number,
  ) {
    super();
  }
}
