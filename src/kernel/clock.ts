// Time comes in through a port so the domain stays deterministic and tests can move it.
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('Clock');

export const systemClock: Clock = { now: () => new Date() };
