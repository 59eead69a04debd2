/** The SCORM context's public face: the module, the export jobs and the embed tokens. */
export { readZip, writeZip } from './zip-writer';
export { EmbedTokens, type EmbedGrant } from './embed-tokens.service';
export { buildPackage, contentSha256, schemaDirectory } from './scorm-package';
export { ScormExports, PACKAGE_NAME } from './scorm-exports.service';
export { ScormModule } from './scorm.module';
