import { Transform } from 'class-transformer';
import { Allow, ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EMBED_PURPOSES, type EmbedPurpose, SCORM_TYPES, type ScormType } from '../../events';

const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** Spec §7 exportScorm: `id`, `contentNavigation`, `contentDelayed`, `type` (default SCORM_LITE, spec §9). */
export class ExportScormQuery {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  id!: string;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  contentNavigation?: boolean;

  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  contentDelayed?: boolean;

  @IsOptional()
  @IsIn(SCORM_TYPES)
  type?: ScormType;
}

export class CheckScormQuery {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;
}

/** The mass export's packages, comma-separated (at most the 500 a page of speaches can give). */
export class BundleQuery {
  @Transform(({ value }) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value))
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @Matches(/^[a-z0-9][a-z0-9-]{0,160}\.zip$/, { each: true })
  names!: string[];
}

export class IssueTokenBody {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  speachId!: string;

  @IsIn(EMBED_PURPOSES)
  purpose!: EmbedPurpose;

  /** Default: 30 days from now. */
  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string;
}

export class TokenListQuery {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  speachId!: string;
}

/** The embed URLs' query (spec §2): the token, `tool=SPEACH`, the tenant, and the LMS learner the SCO passes on. */
export class EmbedQuery {
  @IsOptional()
  @Allow()
  access_token?: unknown;

  @IsOptional()
  @IsIn(['SPEACH'])
  tool?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  dedicatedTenant?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  learner?: string;
}

export class EmbedAnswerBody {
  @IsOptional()
  @Allow()
  answers?: Record<string, string[]>;
}

/**
 * The embed editor's save: the speach title and, per chapter, its title and/or HTML content. Shapes are
 * checked in the controller so a 400 names the exact chapter field (`chapters[2].html`).
 */
export class EmbedEditBody {
  @IsOptional()
  @Allow()
  version?: unknown;

  @IsOptional()
  @Allow()
  title?: unknown;

  @IsOptional()
  @Allow()
  chapters?: unknown;
}
