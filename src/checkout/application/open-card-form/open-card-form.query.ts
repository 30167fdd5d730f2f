import { Query } from '@nestjs/cqrs';

/** The provider's card form for this checkout, to frame on the hosted page. */
export class OpenCardFormQuery extends Query<{ frameUrl: string }> {
  constructor(readonly token: string) {
    super();
  }
}
