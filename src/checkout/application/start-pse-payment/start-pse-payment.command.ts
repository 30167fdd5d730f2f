import { Command } from '@nestjs/cqrs';

/** The buyer filled the PSE form on the hosted page; answers the bank's page to send them to. */
export class StartPsePaymentCommand extends Command<{ redirectUrl: string }> {
  constructor(
    readonly token: string,
    /** The form's fields as posted: nombre, email, telefono, tipoPersona, tipoDocumento, numeroDocumento, banco. */
    readonly form: Record<string, unknown>,
  ) {
    super();
  }
}
