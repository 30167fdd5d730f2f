// A delivery's life (DESIGN.md 5.16): attempted at once, retried after each configured delay, then `fallida`.
// `sin_endpoint` while the merchant has no active endpoint. Re-sending starts a new series with the same id.

export type DeliveryEstado = 'pendiente' | 'entregada' | 'fallida' | 'sin_endpoint';

export const DELIVERY_ESTADOS: readonly DeliveryEstado[] = ['pendiente', 'entregada', 'fallida', 'sin_endpoint'];

/** The spec's retry delays, in seconds: "retried up to 3 times, waiting 1, 5 and 25 seconds". */
export const DEFAULT_RETRY_DELAYS: readonly number[] = [1, 5, 25];

export type NextStep =
  | { estado: 'entregada' }
  | { estado: 'pendiente'; retryInSeconds: number }
  | { estado: 'fallida' };

export const isSuccess = (statusCode: number | null): boolean => statusCode !== null && statusCode >= 200 && statusCode < 300;

/**
 * What follows an attempt. `attemptInSeries` counts this attempt (1 for the first of a series): after the n-th
 * failure the next try waits delays[n - 1]; when the delays are used up the delivery is `fallida`.
 */
export function afterAttempt(statusCode: number | null, attemptInSeries: number, delays: readonly number[]): NextStep {
  if (isSuccess(statusCode)) return { estado: 'entregada' };
  const delay = delays[attemptInSeries - 1];
  return delay === undefined ? { estado: 'fallida' } : { estado: 'pendiente', retryInSeconds: delay };
}
