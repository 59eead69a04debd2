import type { AiDocumentType } from '../../../events';
import { ValidationError } from '../../infrastructure/decider/decider';

const ZIP = new Set<AiDocumentType>(['docx', 'xlsx', 'xlsm', 'pptx', 'odt', 'ods', 'odp', 'key', 'pages']);
const OLE = new Set<AiDocumentType>(['doc', 'xls', 'ppt']);

/** The first bytes must be of the kind the extension says (a renamed executable is refused before it is kept). */
export function checkDocumentHead(type: AiDocumentType, head: Buffer): void {
  const ok =
    type === 'pdf'
      ? head.subarray(0, 1024).includes('%PDF-')
      : ZIP.has(type)
        ? head.readUInt32LE(0) === 0x04034b50
        : OLE.has(type)
          ? head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
          : type === 'rtf'
            ? head.subarray(0, 5).toString('latin1') === '{\\rtf'
            : !head.includes(0);
  if (!ok) throw new ValidationError('file', `The file's content is not a ${type} document`);
}
