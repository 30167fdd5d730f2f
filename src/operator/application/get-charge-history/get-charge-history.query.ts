// A charge's whole stream as an auditor reads it: every event in order, upcast to the current shape.
import { Query } from '@nestjs/cqrs';
import type { EventMetadata } from '../../../kernel/actor.js';

export interface HistoryEvent {
  id: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  position: { commit: string; prepare: string };
  recordedAt: string;
}

/** Null when the stream is empty (no such charge) or the id is malformed. */
export class GetChargeHistory extends Query<HistoryEvent[] | null> {
  constructor(readonly chargeId: string) {
    super();
  }
}
