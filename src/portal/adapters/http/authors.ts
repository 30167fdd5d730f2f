// The names a page needs to say who changed something: the people's and the API keys' among those actors, looked up
// among the merchant's own only.
import type { QueryBus } from '@nestjs/cqrs';
import type { Actor, ActorType } from '../../../kernel/actor.js';
import { NameApiKeys } from '../../../merchants/application/name-api-keys/name-api-keys.query.js';
import { NamePeople } from '../../../merchants/application/people/person-access.commands.js';
import type { Authors } from './views/format.js';

export async function authorsOf(queries: QueryBus, merchantId: string, actors: Array<Actor | null | undefined>): Promise<Authors> {
  const ids = (type: ActorType): string[] => [...new Set(actors.filter((actor): actor is Actor => actor?.type === type).map((actor) => actor.id))];
  const [people, keys] = await Promise.all([
    queries.execute(new NamePeople(merchantId, ids('person'))),
    queries.execute(new NameApiKeys(merchantId, ids('merchant-key'))),
  ]);
  return { people, keys };
}
