// The recorded changes of a merchant's settings, read across the tables that record them (DESIGN.md 5.18).
import type { SettingsChange, SettingsChangeCursor } from '../../domain/settings-change.js';

export const SETTINGS_HISTORY = Symbol('SettingsHistory');

export interface SettingsHistory {
  /** The merchant's changes, newest first, after `after` when given; at most `limit`. */
  list(merchantId: string, after: SettingsChangeCursor | null, limit: number): Promise<SettingsChange[]>;
}
