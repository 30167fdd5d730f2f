// Every TypeORM entity of the service, registered with the one data source.
export const ENTITIES = [];
