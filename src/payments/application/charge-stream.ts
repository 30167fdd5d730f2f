// Loads a charge by folding its stream and appends what a decision produced, with optimistic concurrency.
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Actor, EventMetadata } from '../../kernel/actor.js';
import { fold, type ChargeState } from '../domain/charge.js';
import { chargeStream, CHARGE_SCHEMA_VERSION, isChargeEventType, upcastChargeEvent, type ChargeEvent } from '../domain/charge.events.js';
import { EVENT_STORE, WrongExpectedRevision, type EventStore, type NewEvent, type RecordedEvent } from './ports/event-store.port.js';

export interface LoadedCharge {
  state: ChargeState;
  /** Revision of the stream's last event; -1 when there is none. */
  revision: number;
}

export type Cause = Omit<EventMetadata, 'occurredAt' | 'schemaVersion'>;

/** The cause of events a request or a worker's round starts: that request (or round), which is also their correlation. */
export const startedBy = (id: string, actor: Actor): Cause => ({ correlationId: id, causationId: id, actor });

export function toChargeEvents(recorded: RecordedEvent[]): ChargeEvent[] {
  return recorded.filter((e) => isChargeEventType(e.type)).map((e) => upcastChargeEvent(e.type as ChargeEvent['type'], e.data));
}

export function toNewEvent(event: ChargeEvent, cause: Cause, at: Date): NewEvent {
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data as unknown as Record<string, unknown>,
    metadata: { ...cause, occurredAt: at.toISOString(), schemaVersion: CHARGE_SCHEMA_VERSION },
  };
}

@Injectable()
export class ChargeStream {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(chargeId: string): Promise<LoadedCharge> {
    const recorded = await this.store.readStream(chargeStream(chargeId));
    return { state: fold(toChargeEvents(recorded)), revision: recorded.length - 1 };
  }

  /** Appends a charge's first event unless its stream exists already (a claim whose append was cut short). */
  async ensureCreated(chargeId: string, created: NewEvent): Promise<void> {
    try {
      await this.store.append(chargeStream(chargeId), [created], 'no_stream');
    } catch (error) {
      // Another request completed it first.
      if (!(error instanceof WrongExpectedRevision)) throw error;
    }
  }

  async append(chargeId: string, events: ChargeEvent[], expectedRevision: number, cause: Cause, at: Date): Promise<void> {
    if (events.length === 0) return;
    await this.store.append(
      chargeStream(chargeId),
      events.map((event) => toNewEvent(event, cause, at)),
      expectedRevision < 0 ? 'no_stream' : expectedRevision,
    );
  }
}
