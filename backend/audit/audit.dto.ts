import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { TRAIL_PAGE_MAX } from './audit.service';

const toInt = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

export class TrailQuery {
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(TRAIL_PAGE_MAX) size?: number;
}

/** Checked by the service (ISO 8601 date-time, integer), so the 400 names the field and the reason. */
export class StateAtQuery {
  @IsOptional() @IsString() at?: string;
  @IsOptional() @IsString() position?: string;
}

export class AuditSpeachesQuery {
  @IsOptional() @IsString() @MaxLength(200) q?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(100) size?: number;
}

export class ChainQuery {
  @IsOptional() @IsIn(['true', 'false']) full?: 'true' | 'false';
}
