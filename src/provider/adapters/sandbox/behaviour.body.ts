import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';

export class BehaviourBody {
  @ApiPropertyOptional({ description: 'Delay before every answer, in ms', minimum: 0, maximum: 120000 })
  @IsOptional() @IsInt() @Min(0) @Max(120_000)
  demoraMs?: number;

  @ApiPropertyOptional({ description: 'Hold session requests open without answering' })
  @IsOptional() @IsBoolean()
  silencio?: boolean;

  @ApiPropertyOptional({ description: 'Only for the next N session requests; omitted: until changed', minimum: 0 })
  @IsOptional() @IsInt() @Min(0)
  veces?: number;
}
