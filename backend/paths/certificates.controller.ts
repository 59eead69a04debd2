import { Controller, Get, Param } from '@nestjs/common';
import { Public } from '../infrastructure/http/auth.decorators';
import { Clock } from '../infrastructure/clock/clock';
import { ValidationError } from '../infrastructure/decider/decider';
import { PathQueries } from './path-queries.service';

const CERTIFICATE_CODE = /^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/;

/** Public verification of a certificate's code (printed on the PDF). */
@Controller('api/v2/certificates')
export class CertificatesController {
  constructor(
    private readonly queries: PathQueries,
    private readonly clock: Clock,
  ) {}

  @Get(':code')
  @Public()
  verify(@Param('code') code: string) {
    const normalised = code.trim().toUpperCase();
    if (!CERTIFICATE_CODE.test(normalised)) throw new ValidationError('code', 'code must look like XXXX-XXXX-XXXX-XXXX');
    return this.queries.verify(normalised, this.clock.now().toISOString());
  }
}
