// A logger for the gateway that keeps what it says, for tests that check a line is (or is not) logged.
import type { LoggerService } from '@nestjs/common';

/** Every line the gateway logs, at any level, stack traces included (one entry per line of text). */
export function capturingLogger(): LoggerService & { lines: string[] } {
  const lines: string[] = [];
  const keep =
    (level: string) =>
    (message: unknown, ...params: unknown[]): void => {
      // Nest's Logger passes its context last (after the stack of an error).
      const context = params.length > 0 ? String(params.pop()) : '';
      // An error logged without a stack has `undefined` in its place.
      const parts = [message, ...params].filter((part) => part !== undefined);
      const text = parts.map((part) => (part instanceof Error ? part.stack : String(part))).join('\n');
      lines.push(...text.split('\n').map((line) => `${level} [${context}] ${line}`));
    };
  return { lines, log: keep('log'), error: keep('error'), warn: keep('warn'), debug: keep('debug'), verbose: keep('verbose'), fatal: keep('fatal') };
}
