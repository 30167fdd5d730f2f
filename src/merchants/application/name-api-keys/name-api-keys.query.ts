import { Query } from '@nestjs/cqrs';

/** The last four characters of a merchant's API keys by id, revoked ones included, to say which key changed something. */
export class NameApiKeys extends Query<Record<string, string>> {
  constructor(
    readonly merchantId: string,
    readonly keyIds: string[],
  ) {
    super();
  }
}
