import { Transform, Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateIf } from 'class-validator';
import { BADGES, CONTENT_TYPES, SPEACH_LANGUAGES, VISIBILITIES } from '../../events';
import { SEARCH_TERM_MAX } from '../infrastructure/search/search-index.port';
import { ACCESS_CODE_MAX } from './speach.decider';

export const toBoolean = ({ value }: { value: unknown }): unknown => (value === 'true' ? true : value === 'false' ? false : value);
export const toInt = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);
/** Spec §7 passes lists as JSON in the query (`visibilities=["PUBLIC"]`); a comma list works too. */
export const toJsonList = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  if (value.trim().startsWith('[')) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
};

/** The stale-edit guard every edit accepts. */
export class Versioned {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(-1)
  version?: number;
}

export class CreateSpeachBody {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title!: string;

  @IsIn(SPEACH_LANGUAGES)
  language!: string;

  @IsOptional()
  @IsString()
  categoryId?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string;

  @IsOptional()
  @IsString()
  templateId?: string | null;

  @IsOptional()
  @IsBoolean()
  isTemplate?: boolean;
}

export class DetailsBody extends Versioned {
  @IsOptional() @IsString() @MaxLength(255) title?: string;
  @IsOptional() @IsString() @MaxLength(5000) description?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(2000) img?: string | null;
  @IsOptional() @IsString() @MaxLength(500) tags?: string;
  @IsOptional() @IsIn(SPEACH_LANGUAGES) language?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() categoryId?: string | null;
  /** The author's typo flag (issue 23): a non-material edit keeps the approvals already given; it is recorded on the event. */
  @IsOptional() @IsBoolean() nonMaterial?: boolean;
}

export class AddChapterBody extends Versioned {
  @IsString() @MaxLength(255) title!: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() parentId?: string | null;
  @IsOptional() @IsInt() @Min(0) position?: number;
  /** The author's typo flag (issue 23): a non-material edit keeps the approvals already given; it is recorded on the event. */
  @IsOptional() @IsBoolean() nonMaterial?: boolean;
}

export class RenameChapterBody extends Versioned {
  @IsString() @MaxLength(255) title!: string;
  /** The author's typo flag (issue 23): a non-material edit keeps the approvals already given; it is recorded on the event. */
  @IsOptional() @IsBoolean() nonMaterial?: boolean;
}

export class MoveChapterBody extends Versioned {
  @ValidateIf((_, v) => v !== null) @IsString() parentId!: string | null;
  @IsInt() @Min(0) position!: number;
  /** The author's typo flag (issue 23): a non-material edit keeps the approvals already given; it is recorded on the event. */
  @IsOptional() @IsBoolean() nonMaterial?: boolean;
}

/** Content shapes are checked by the decider (chapter-content.ts), which names the failing field. */
export class ContentBody extends Versioned {
  @IsIn(CONTENT_TYPES) type!: string;
  @Allow() html?: unknown;
  @Allow() url?: unknown;
  @Allow() passingScore?: unknown;
  @Allow() questions?: unknown;
  @Allow() question?: unknown;
  @Allow() message?: unknown;
  @Allow() placeholder?: unknown;
  @Allow() file?: unknown;
  /** The author's typo flag (issue 23): a non-material edit keeps the approvals already given; it is recorded on the event. */
  @IsOptional() @IsBoolean() nonMaterial?: boolean;
}

export class UploadQuery {
  @IsIn(['VIDEO_UPLOAD', 'AUDIO_UPLOAD', 'PDF_UPLOAD']) type!: 'VIDEO_UPLOAD' | 'AUDIO_UPLOAD' | 'PDF_UPLOAD';
  @IsString() @IsNotEmpty() @MaxLength(255) name!: string;
  @IsOptional() @Transform(toInt) @IsInt() version?: number;
}

export class VisibilityBody extends Versioned {
  @IsIn(VISIBILITIES) visibility!: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(230) accessCode?: string | null;
}

export class PublishBody extends Versioned {
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsISO8601() at?: string | null;
  /** Regulated training: learners trained on earlier versions must train again (an impact assessment opens). */
  @IsOptional() @IsBoolean() materialChange?: boolean;
}

export class BadgeBody extends Versioned {
  @IsIn(BADGES) badge!: string;
}

export class PinBody {
  @IsBoolean() pinned!: boolean;
}

export class ReadQuery {
  @IsOptional() @IsIn(['published', 'draft']) mode?: 'published' | 'draft';
  @IsOptional() @IsString() @MaxLength(230) accessCode?: string;
}

export class AnswerBody {
  @IsOptional() @Allow() answers?: Record<string, string[]>;
  @IsOptional() @IsString() @MaxLength(5000) text?: string;
}

/** Spec §7 search: a term longer than the index searches (a pasted page) is cut, not refused. */
const cutTerm = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.slice(0, SEARCH_TERM_MAX) : value);

export class SearchQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @Transform(cutTerm) @IsString() term?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @IsIn(['RELEVANT', 'RECENT', 'TITRE']) tri?: 'RELEVANT' | 'RECENT' | 'TITRE';
  @IsOptional() @IsIn(SPEACH_LANGUAGES) languageId?: string;
}

export class GridQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @IsIn(['LAST_MAJ', 'PUBLICATION', 'TITLE']) sort?: string;
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsIn(['PUBLIE', 'NON_PUBLIE', 'NONE']) onlyState?: string;
  @IsOptional() @Transform(toBoolean) @IsBoolean() asc?: boolean;
}

export class ToggleFavoriQuery {
  @IsString() @IsNotEmpty() idCour!: string;
}

export class IdQuery {
  @IsString() @IsNotEmpty() id!: string;
  @IsOptional() @IsString() dataType?: string;
}

export class SpeachIdQuery {
  @IsString() @IsNotEmpty() speachId!: string;
}

export class SpeachIDQuery {
  @IsString() @IsNotEmpty() speachID!: string;
}

export class AdminSpeachQuery {
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) size?: number;
  @IsOptional() @IsIn(['LAST_MAJ', 'TITLE', 'CREATED', 'PUBLICATION']) sort?: string;
  @IsOptional() @IsString() @MaxLength(200) searchTitle?: string;
  @IsOptional() @IsString() @MaxLength(200) searchAuthor?: string;
  @IsOptional() @IsIn(['PUBLIE', 'NON_PUBLIE', 'ARCHIVE', 'NONE']) state?: string;
  @IsOptional() @Transform(toJsonList) @IsArray() @IsIn(VISIBILITIES, { each: true }) visibilities?: string[];
  @IsOptional() @Transform(toJsonList) @IsArray() @IsString({ each: true }) categories?: string[];
  @IsOptional() @Transform(toBoolean) @IsBoolean() inWorkflow?: boolean;
  @IsOptional() @Transform(toBoolean) @IsBoolean() pinnedOnHome?: boolean;
  @IsOptional() @Transform(toBoolean) @IsBoolean() periodicReview?: boolean;
  @IsOptional() @IsIn(['NO_REVISION', 'REVISION_NEEDED', 'ARCHIVE']) periodicReviewAction?: string;
  @IsOptional() @IsString() startDate?: string;
  @IsOptional() @IsString() endDate?: string;
  @IsOptional() @IsString() startDateReview?: string;
  @IsOptional() @IsString() endDateReview?: string;
  @IsOptional() @Transform(toBoolean) @IsBoolean() asc?: boolean;
  @IsOptional() @IsString() dataType?: string;
}

export class BatchUpdateSpeachQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @IsString() authorId?: string;
  @IsOptional() @IsIn(VISIBILITIES) visibility?: string;
  @IsOptional() @IsString() categoryId?: string;
}

export class BatchUpdateSpeachBody {
  @IsArray() @ArrayMaxSize(5000) @IsString({ each: true }) speachesIds!: string[];
}

export class AdminUpdateBody {
  /** The speach, serialised (spec §7) or as an object. */
  @Allow() speach!: unknown;
}

export class CoEditorsBody {
  @Allow() speach!: unknown;
  @IsOptional() @IsArray() @IsString({ each: true }) coEditors?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) coGroups?: string[];
}

export class AffectedUsersBody {
  @IsString() @IsNotEmpty() speachID!: string;
  @IsArray() @IsString({ each: true }) users!: string[];
}

export class AffectedGroupsBody {
  @IsString() @IsNotEmpty() speachID!: string;
  @IsArray() @IsString({ each: true }) groups!: string[];
}

export class PeriodicReviewersQuery {
  @IsString() @IsNotEmpty() speachId!: string;
  @IsOptional() @Transform(toJsonList) @IsArray() @IsString({ each: true }) users?: string[];
  @IsOptional() @Transform(toJsonList) @IsArray() @IsString({ each: true }) groups?: string[];
}

export class DueDateBody {
  @IsString() @IsNotEmpty() speachID!: string;
  @ValidateIf((_, v) => v !== null) @IsString() dueDate!: string | null;
}

export class UnpublishAfterDueDateBody {
  @IsString() @IsNotEmpty() speachID!: string;
  @IsBoolean() unpublish!: boolean;
}

export class LockedSubchaptersBody {
  @IsString() @IsNotEmpty() speachID!: string;
  @IsBoolean() lockedSubchapters!: boolean;
}

export class ShareBody {
  /** The chapter the link starts at (the share panel's "start at" option). */
  @IsOptional() @IsString() @MaxLength(100) chapterId?: string;
  @IsOptional() @IsString() @MaxLength(ACCESS_CODE_MAX) accessCode?: string;
}
