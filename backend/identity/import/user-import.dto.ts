import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const MAX_CSV_CHARS = 8 * 1024 * 1024;

export class CsvBody {
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_CSV_CHARS)
  csv!: string;

  /** Import the valid rows of a file that has errors. */
  @IsOptional()
  @IsBoolean()
  onlyValid?: boolean;
}
