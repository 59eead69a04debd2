import { IsArray, IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { ROLES, type Role } from '../../events';

/** Custom field values by field id; null clears one. */
function IsFieldValues(): PropertyDecorator {
  return ValidateBy({
    name: 'isFieldValues',
    validator: {
      validate: (value: unknown) =>
        !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((text) => typeof text === 'string' || text === null),
      defaultMessage: () => 'customFieldValues must map custom field ids to texts',
    },
  });
}

/** A react-admin user record as POST and PUT /api/rest/users send it. */
export class UserRecordBody {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  id?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(30)
  firstName!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(30)
  lastName!: string;

  @IsEmail()
  @MaxLength(230)
  email!: string;

  @IsOptional()
  @IsArray()
  @IsIn(ROLES, { each: true })
  roles?: Role[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  groupIds?: string[];

  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @IsOptional()
  @IsBoolean()
  mustChangePassword?: boolean;

  /** Only on create: the initial password (otherwise the admin generates one). */
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  password?: string;

  @IsOptional() @IsString() @MaxLength(2000) img?: string | null;
  @IsOptional() @IsFieldValues() customFieldValues?: Record<string, string | null>;
  @IsOptional() @IsString() @MaxLength(100) createdAt?: string;
  @IsOptional() lastActiveAt?: string | null;
}
