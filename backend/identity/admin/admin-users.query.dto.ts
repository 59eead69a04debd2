import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ROLES } from '../../../events';

/** `a,b` or repeated `x=a&x=b` both give a list. */
export const toList = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === '' ? undefined : Array.isArray(value) ? value.flatMap((v) => String(v).split(',')) : String(value).split(',');

const toBoolean = ({ value }: { value: unknown }): unknown => (value === 'true' ? true : value === 'false' ? false : value);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const ADMIN_USER_SORTS = ['NAME', 'FIRST_NAME', 'EMAIL', 'CREATED_AT', 'LAST_ACTIVE'] as const;

/** Query of GET /api/v2/admin/users (spec §7 "Admin users"). Dates are YYYY-MM-DD, inclusive. */
export class AdminUsersQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  page = 0;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  size = 20;

  @IsOptional()
  @IsIn(ADMIN_USER_SORTS)
  sort: (typeof ADMIN_USER_SORTS)[number] = 'NAME';

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  asc = true;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @IsOptional()
  @Transform(toList)
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  groups?: string[];

  @IsOptional()
  @Transform(toList)
  @IsArray()
  @IsIn([...ROLES, 'NONE'], { each: true })
  roles?: string[];

  @IsOptional()
  @Matches(DAY, { message: 'startDateCreated must be YYYY-MM-DD' })
  startDateCreated?: string;

  @IsOptional()
  @Matches(DAY, { message: 'endDateCreated must be YYYY-MM-DD' })
  endDateCreated?: string;

  @IsOptional()
  @Matches(DAY, { message: 'startDateLastActive must be YYYY-MM-DD' })
  startDateLastActive?: string;

  @IsOptional()
  @Matches(DAY, { message: 'endDateLastActive must be YYYY-MM-DD' })
  endDateLastActive?: string;

  @IsOptional()
  @IsIn(['ACTIVE', 'INACTIVE'])
  onlyState?: 'ACTIVE' | 'INACTIVE';

  /** Sent by some clients; the answer is always JSON. */
  @IsOptional()
  @IsString()
  dataType?: string;
}
