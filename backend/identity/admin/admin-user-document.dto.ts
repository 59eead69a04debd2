import { Transform, Type } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsNotEmpty, IsObject, IsOptional, IsString, Matches, ValidateIf, ValidateNested } from 'class-validator';

/** A non-blank string, one error when missing (IsString with IsNotEmpty would report it twice). */
const PRESENT = /\S/;

/** Ids arrive as strings or numbers (spec §3 records come from systems with numeric ids); they are kept as strings. */
const idText = ({ value }: { value: unknown }): unknown => (typeof value === 'number' ? String(value) : value);

/** A group of spec §3 "User (admin)"; only its id matters to an update, the rest is the record sent back. */
export class AdminUserGroupDocument {
  @Transform(idText) @Matches(PRESENT, { message: 'group id is required' }) id!: string;
  @Allow() name?: unknown;
  @Allow() system?: unknown;
  @Allow() order?: unknown;
  @Allow() description?: unknown;
}

export class CustomFieldReference {
  @Transform(idText) @Matches(PRESENT, { message: 'custom field id is required' }) id!: string;
  @Allow() name?: unknown;
  @Allow() labelEn?: unknown;
  @Allow() labelFr?: unknown;
  @Allow() labelEs?: unknown;
  @Allow() labelDe?: unknown;
}

export class CustomFieldValueDocument {
  @IsObject() @ValidateNested() @Type(() => CustomFieldReference) customField!: CustomFieldReference;
  @IsString({ message: 'value must be a string' }) value!: string;
}

/**
 * Spec §3 "User (admin)" as PUT /api/v2/admin/users/update sends it: the side panel sends the whole record after
 * every change, so the fields an update cannot change (anonymous, dates, the password flag) are accepted and ignored.
 * Types are checked here; lengths, e-mail format and references are the user decider's and the service's rules.
 */
export class AdminUserDocument {
  @ValidateIf((user: AdminUserDocument) => user.userID === undefined || user.userID === null)
  @Matches(PRESENT, { message: 'id is required' })
  id?: string;

  @IsOptional() @IsString() @IsNotEmpty() userID?: string;
  @IsOptional() @IsString() firstName?: string;
  @IsOptional() @IsString() lastName?: string;
  @IsOptional() @IsString() email?: string;
  /** null removes the picture. */
  @IsOptional() @IsString() img?: string | null;

  /** Role flags: true switches a role on, false off, absent leaves it as it is. */
  @IsOptional() @IsBoolean() admin?: boolean;
  @IsOptional() @IsBoolean() trainer?: boolean;
  @IsOptional() @IsBoolean() approver?: boolean;
  @IsOptional() @IsBoolean() aiEditor?: boolean;
  @IsOptional() @IsBoolean() auditor?: boolean;

  /** Bare ids are taken as `{ id }`. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((group: unknown) => (typeof group === 'string' || typeof group === 'number' ? { id: group } : group)) : value,
  )
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AdminUserGroupDocument)
  groups?: AdminUserGroupDocument[];

  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => CustomFieldValueDocument) customFieldValues?: CustomFieldValueDocument[];

  @Allow() anonymous?: unknown;
  @Allow() createdAt?: unknown;
  @Allow() lastActiveDate?: unknown;
  @Allow() password?: unknown;
}
