// The gateway's log as an operator reads it (docs/decisions.md, "Logs"): what the service says at `log` level too
// (an outage is over, a worker finished charges, vouchers expired), not Nest's own start-up chatter, and plain text
// unless a person is watching a terminal (no colour codes in a file, `docker logs` or journald).
import { ConsoleLogger } from '@nestjs/common';

/** Nest's contexts that log a line per module, route and start at `log` level: nothing an operator acts on. */
const FRAMEWORK_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

export class OperatorLogger extends ConsoleLogger {
  constructor() {
    super({ logLevels: ['log', 'warn', 'error', 'fatal'], colors: process.stdout.isTTY === true && !process.env.NO_COLOR });
  }

  override log(message: unknown, ...rest: unknown[]): void {
    // Nest's Logger passes its context last.
    const context = rest.at(-1);
    if (typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) return;
    super.log(message, ...rest);
  }
}
