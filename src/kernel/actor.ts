// Who caused a change: every event and every settings change records it (DESIGN.md section 2, 5.18).

export type ActorType = 'merchant-key' | 'person' | 'operator' | 'provider' | 'system';

export interface Actor {
  type: ActorType;
  id: string;
}

export const SYSTEM: Actor = { type: 'system', id: 'pasarela' };

/** Metadata carried by every stored event. */
export interface EventMetadata {
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  occurredAt: string;
  schemaVersion: number;
}

/** The operator, authenticated by OPERATOR_TOKEN (one shared token, so one identity). */
export const OPERATOR: Actor = { type: 'operator', id: 'operator-token' };
