import { IsString, MaxLength } from 'class-validator';
import { TERMS_MAX_LENGTH } from './terms.decider';

/** The HTML of a new version of the terms (GCU or PDP). */
export class TermsBody {
  @IsString()
  @MaxLength(TERMS_MAX_LENGTH)
  content!: string;
}
