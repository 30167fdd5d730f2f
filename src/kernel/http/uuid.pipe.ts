// A path id that is not a uuid names nothing: 404, like a missing one (DESIGN.md 6b), never a 400 or a 500.
import type { PipeTransform } from '@nestjs/common';
import { NotFound } from '../errors.js';
import { isUuid } from '../uuid.js';

export class UuidOr404Pipe implements PipeTransform<string, string> {
  constructor(private readonly what: string) {}

  transform(value: string): string {
    if (!isUuid(value)) throw new NotFound(this.what);
    return value.toLowerCase();
  }
}
