import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { SIGNATURE_MEANINGS } from '../../events';

export const SIGNATURE_REASON_MAX = 2000;

/**
 * `signature` in the body of every call that signs (21 CFR Part 11 §11.200): the password again, the
 * meaning of the signature, a reason when rejecting, the e-mail on the first signature of a session.
 * `contentHash` and `version` are what the signer saw: a signature on anything else is a 409.
 */
export class SignatureBody {
  @IsString() @IsNotEmpty() @MaxLength(1000) password!: string;
  @IsIn(SIGNATURE_MEANINGS) meaning!: string;
  @IsOptional() @IsString() @MaxLength(SIGNATURE_REASON_MAX) reason?: string;
  @IsOptional() @IsString() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @MaxLength(100) contentHash?: string;
  @IsOptional() @IsInt() @Min(0) version?: number;
  /** IANA zone of the signer's browser, shown with the date-time on the record; UTC when absent or unknown. */
  @IsOptional() @IsString() @MaxLength(64) timeZone?: string;
}

/** `POST /api/v2/speach/{speachId}/complete`: a regulated speach's completion is signed (meaning `trained`). */
export class CompleteBody {
  @IsOptional() @ValidateNested() @Type(() => SignatureBody) signature?: SignatureBody;
}
