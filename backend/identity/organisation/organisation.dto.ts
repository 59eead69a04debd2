import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';

/** react-admin sends the whole record on PUT; `id` and read-only fields are accepted and ignored. */
export class GroupBody {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  id?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  description?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  order?: number;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  categoryIds?: string[];

  @IsOptional()
  @IsInt()
  memberCount?: number;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  createdAt?: string;
}

export class CategoryBody {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  id?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  createdAt?: string;
}

export class CustomFieldBody {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  id?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  labelEn?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  labelFr?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  labelEs?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  labelDe?: string;
}

/** The REST lists' query string, read field by field by the list helpers. */
export type RestQuery = Record<string, string | undefined>;
