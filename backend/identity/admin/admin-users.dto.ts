import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ROLES } from '../../../events';
import { JsonString } from '../../infrastructure/http/json-string';
import { AdminUserDocument } from './admin-user-document.dto';
import { toList } from './admin-users.query.dto';

const toBoolean = ({ value }: { value: unknown }): unknown => (value === 'true' ? true : value === 'false' ? false : value);

export class UpdateUserBody {
  /** The user as a JSON string (spec §7), parsed here once. */
  @JsonString(AdminUserDocument)
  user!: AdminUserDocument;
}

export class UpdatePasswordQuery {
  @IsString()
  @IsNotEmpty()
  userID!: string;

  @Transform(toBoolean)
  @IsBoolean()
  value!: boolean;
}

export class SetPasswordQuery {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  password!: string;
}

export class GeneratePasswordQuery {
  @IsString()
  @IsNotEmpty()
  @MaxLength(230)
  email!: string;
}

export class UserIdsBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5000)
  @IsString({ each: true })
  uuids!: string[];
}

export class BatchUpdateBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5000)
  @IsString({ each: true })
  usersIds!: string[];
}

export class BatchUpdateQuery {
  @IsOptional()
  @Transform(toList)
  @IsArray()
  @IsString({ each: true })
  groupsIds?: string[];

  @IsOptional()
  @Transform(toList)
  @IsArray()
  @IsIn([...ROLES, 'NONE'], { each: true })
  roles?: string[];
}

export class UsersByRoleQuery {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @IsIn(ROLES)
  role!: (typeof ROLES)[number];
}

export class UserSearchQuery {
  @IsOptional()
  @IsString()
  dataType?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  term?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  count = 10;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  page = 0;
}

export class RemoveGetStartedQuery {
  @IsIn(['SPEACH', 'USER'])
  type!: 'SPEACH' | 'USER';
}
