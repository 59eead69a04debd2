import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { PUBLICATION_DELAYS, REVIEW_DECISIONS, REVIEW_FREQUENCIES } from '../../events';
import { APPROVERS_MAX, COMMENT_MAX, ROLE_MAX } from './workflow.decider';
import { DEFINITION_NAME_MAX, DEFINITION_STEPS_MAX } from './workflow-definition.decider';
import { SignatureBody } from '../signature';

const toBoolean = ({ value }: { value: unknown }): unknown => (value === 'true' ? true : value === 'false' ? false : value);
const toInt = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

export class DefinitionStepBody {
  @IsString() @IsNotEmpty() groupId!: string;
  /** Sent back by react-admin; the list order wins. */
  @IsOptional() @IsInt() order?: number;
  @IsOptional() @IsString() groupName?: string;
}

export class DefinitionBody {
  @IsString() @MaxLength(DEFINITION_NAME_MAX) name!: string;
  @IsArray() @ArrayMaxSize(DEFINITION_STEPS_MAX) @ValidateNested({ each: true }) @Type(() => DefinitionStepBody) steps!: DefinitionStepBody[];
  @IsOptional() @IsBoolean() isDefault?: boolean;
  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsString({ each: true }) categoryIds?: string[];
  /** react-admin sends the record back: read-only fields are accepted and ignored. */
  @IsOptional() @IsString() @MaxLength(100) id?: string;
  @IsOptional() @IsInt() version?: number;
  @IsOptional() @IsString() @MaxLength(100) createdAt?: string;
  @IsOptional() @IsString() @MaxLength(100) updatedAt?: string;
}

/** Spec §3 "Approver (anonymous workflow)": id, role, order (the list order wins). */
export class ApproverBody {
  @IsString() @IsNotEmpty() id!: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(ROLE_MAX) role?: string | null;
  @IsOptional() @IsInt() order?: number;
  @IsOptional() @IsString() label?: string;
  @IsOptional() @IsString() email?: string;
}

export class SubmitBody {
  @IsString() @IsNotEmpty() speachId!: string;
  @IsOptional() @IsString() definitionId?: string;
  @IsOptional() @IsBoolean() anonymous?: boolean;
  @IsOptional() @IsArray() @ArrayMaxSize(APPROVERS_MAX) @ValidateNested({ each: true }) @Type(() => ApproverBody) approvers?: ApproverBody[];
  @IsOptional() @IsBoolean() regulatedGmp?: boolean;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsISO8601() scheduledAt?: string | null;
}

export class ValidateBody {
  @IsOptional() @IsIn(['ON', 'OFF']) periodicReview?: string;
  @IsOptional() @IsIn(Object.keys(REVIEW_FREQUENCIES)) frequency?: string;
  @IsOptional() @IsIn(PUBLICATION_DELAYS) delay?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsISO8601() date?: string | null;
  /** Required on a GMP-regulated workflow (meaning `approved`). */
  @IsOptional() @ValidateNested() @Type(() => SignatureBody) signature?: SignatureBody;
}

export class RejectBody {
  @IsOptional() @IsString() @MaxLength(COMMENT_MAX) comment?: string;
  /** Required on a GMP-regulated workflow (meaning `rejected`, with a reason). */
  @IsOptional() @ValidateNested() @Type(() => SignatureBody) signature?: SignatureBody;
}

export class ResubmitBody {
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsISO8601() scheduledAt?: string | null;
}

export class SpeachIdParamQuery {
  @IsString() @IsNotEmpty() speachId!: string;
  @IsOptional() @IsIn(['AWAITING_VALIDATION', 'REJECTED', 'CANCELLED', 'COMPLETED']) stateFilter?: string;
}

export class ReviewDecisionBody {
  @IsIn(REVIEW_DECISIONS) decision!: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(COMMENT_MAX) comment?: string | null;
  /** Required for a GMP-regulated speach (meaning `reviewed`). */
  @IsOptional() @ValidateNested() @Type(() => SignatureBody) signature?: SignatureBody;
}

export class WorkflowGridQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @IsIn(['LAST_MAJ', 'PUBLICATION', 'TITLE']) sort?: string;
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsIn(['PUBLIE', 'NON_PUBLIE', 'NONE']) onlyState?: string;
  @IsOptional() @Transform(toBoolean) @IsBoolean() asc?: boolean;
}

/** Spec §2 "Admin periodic-review list" filters. */
export class PeriodicReviewListQuery {
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @IsString() @MaxLength(200) searchTitle?: string;
  @IsOptional() @IsString() @MaxLength(200) searchAuthor?: string;
  @IsOptional() @IsIn(['WAITING', 'NO_REVISION', 'REVISION_NEEDED', 'ARCHIVE']) periodicReviewAction?: string;
  @IsOptional() @IsString() startDate?: string;
  @IsOptional() @IsString() endDate?: string;
  @IsOptional() @IsString() startDateReview?: string;
  @IsOptional() @IsString() endDateReview?: string;
  @IsOptional() @Transform(toBoolean) @IsBoolean() asc?: boolean;
}
