/** The audit context's public face: the only module other contexts, the seed and the app module import. */
export { AuditChain } from './audit-chain';
export { AuditModule } from './audit.module';
