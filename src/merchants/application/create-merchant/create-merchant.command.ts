import { Command } from '@nestjs/cqrs';

export interface CreatedMerchant {
  id: string;
  nombre: string;
  aprobado: boolean;
}

export class CreateMerchant extends Command<CreatedMerchant> {
  constructor(readonly nombre: string) {
    super();
  }
}
