import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { JsonString } from '../infrastructure/http/json-string';
import { PathDetailsDocument } from './path-details.dto';

const toBoolean = ({ value }: { value: unknown }): unknown => (value === 'true' ? true : value === 'false' ? false : value);
const toInt = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

/** `PUT /api/v2/learningPath`: the path as a JSON string (spec §7). */
export class SavePathBody {
  @JsonString(PathDetailsDocument)
  path!: PathDetailsDocument;
}

/** The stale-edit guard every change accepts (or `If-Match`). */
export class VersionQuery {
  @IsOptional() @Transform(toInt) @IsInt() @Min(-1) version?: number;
}

export class ChangeGroupQuery extends VersionQuery {
  @IsString() @IsNotEmpty() groupId!: string;
  @Transform(toBoolean) @IsBoolean() add!: boolean;
  @IsOptional() @IsString() @MaxLength(40) dueDate?: string;
}

export class ChangeUserQuery extends VersionQuery {
  @IsString() @IsNotEmpty() userId!: string;
  @Transform(toBoolean) @IsBoolean() add!: boolean;
  @IsOptional() @IsString() @MaxLength(40) dueDate?: string;
}

export class RecordOrderQuery extends VersionQuery {
  @IsString() @IsNotEmpty() @MaxLength(20000) order!: string;
}

export class GetSpeachesQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @Transform(toBoolean) @IsBoolean() selected?: boolean;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsIn(['PUBLIE', 'NON_PUBLIE', 'NONE']) onlyState?: string;
  @IsOptional() @IsIn(['LAST_MAJ', 'PUBLICATION', 'TITLE']) sort?: string;
  @IsOptional() @Transform(toBoolean) @IsBoolean() asc?: boolean;
}

export class PageQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
}

export class AdminPathListQuery {
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(100) size?: number;
  @IsOptional() @IsString() @MaxLength(200) title?: string;
  @IsOptional() @IsIn(['PUBLIE', 'NON_PUBLIE', 'ARCHIVE', 'NONE']) state?: string;
  @IsOptional() @IsString() @MaxLength(200) owner?: string;
  @IsOptional() @IsIn(['LAST_MAJ', 'TITLE', 'CREATED']) sort?: string;
  @IsOptional() @Transform(toBoolean) @IsBoolean() asc?: boolean;
}

export class PathSearchQuery {
  @IsOptional() @IsString() term?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
}
