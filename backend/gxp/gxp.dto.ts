import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export const QUALIFICATION_FORMATS = ['json', 'csv', 'pdf'] as const;
export type QualificationFormat = (typeof QUALIFICATION_FORMATS)[number];

/** `at` is checked by the service (ISO 8601), so the 400 names the field and says why. */
export class QualificationQuery {
  @IsOptional() @IsString() @MaxLength(100) speachId?: string;
  @IsOptional() @IsString() @MaxLength(100) pathId?: string;
  @IsOptional() @IsString() @MaxLength(40) at?: string;
  @IsOptional() @IsIn(QUALIFICATION_FORMATS) format?: QualificationFormat;
}

export class UserQualificationQuery {
  @IsOptional() @IsString() @MaxLength(40) at?: string;
  @IsOptional() @IsIn(QUALIFICATION_FORMATS) format?: QualificationFormat;
}

/** `dueDate` is checked by the decider (a date, in the future, within a year). */
export class ConfirmImpactBody {
  @IsString() @MaxLength(40) dueDate!: string;
}
