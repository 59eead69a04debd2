import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { SignatureModule } from '../signature';
import { AuditChain } from './audit-chain';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';

/** The auditor's replay and the tamper-evidence status (issue #6, items 6 and 7). */
@Module({
  imports: [IdentityModule, SignatureModule],
  controllers: [AuditController],
  providers: [AuditService, AuditChain],
  exports: [AuditChain],
})
export class AuditModule {}
