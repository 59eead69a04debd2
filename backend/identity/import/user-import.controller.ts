import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentUser, Roles } from '../../infrastructure/http/auth.decorators';
import type { Actor } from '../../infrastructure/http/actor';
import { UserImportService } from './user-import.service';
import { CsvBody } from './user-import.dto';

@Controller('api/v2/admin/users/import')
@Roles('ADMIN')
export class UserImportController {
  constructor(private readonly imports: UserImportService) {}

  @Post('preview')
  @HttpCode(200)
  preview(@Body() body: CsvBody) {
    return this.imports.preview(body.csv);
  }

  @Post()
  @HttpCode(202)
  start(@CurrentUser() user: Actor, @Body() body: CsvBody) {
    return this.imports.start(user.id, body.csv, body.onlyValid ?? false);
  }

  @Get(':jobId')
  job(@Param('jobId') jobId: string) {
    return this.imports.job(jobId);
  }
}
