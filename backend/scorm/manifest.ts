/** Every schema `xsi:schemaLocation` names: they are shipped at the package root (with what they import). */
export const SCHEMA_LOCATIONS: [string, string][] = [
  ['http://www.imsglobal.org/xsd/imscp_v1p1', 'imscp_v1p1.xsd'],
  ['http://www.adlnet.org/xsd/adlcp_v1p3', 'adlcp_v1p3.xsd'],
  ['http://www.adlnet.org/xsd/adlseq_v1p3', 'adlseq_v1p3.xsd'],
  ['http://www.adlnet.org/xsd/adlnav_v1p3', 'adlnav_v1p3.xsd'],
  ['http://www.imsglobal.org/xsd/imsss', 'imsss_v1p0.xsd'],
  ['http://ltsc.ieee.org/xsd/LOM', 'lom.xsd'],
];

export function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export interface ManifestItem {
  identifier: string;
  title: string;
  /** A leaf names its resource; a cluster holds children. */
  resource?: string;
  children?: ManifestItem[];
}

export interface ManifestResource {
  identifier: string;
  scormType: 'sco' | 'asset';
  href?: string;
  files: string[];
  dependencies?: string[];
}

export interface ManifestInput {
  identifier: string;
  title: string;
  language: string;
  speachId: string;
  version: number;
  contentSha256: string;
  /** In-SCO previous/next (spec "Navigation in content"): the LMS's own buttons are hidden then. */
  contentNavigation: boolean;
  items: ManifestItem[];
  resources: ManifestResource[];
}

/** LOM language tags: the speach's language (en-US…), which LOM accepts as is. */
function metadata(input: ManifestInput): string {
  const lang = xml(input.language);
  return [
    '  <metadata>',
    '    <schema>ADL SCORM</schema>',
    '    <schemaversion>2004 4th Edition</schemaversion>',
    '    <lom:lom>',
    '      <lom:general>',
    `        <lom:identifier><lom:catalog>speach</lom:catalog><lom:entry>${xml(input.speachId)}</lom:entry></lom:identifier>`,
    `        <lom:identifier><lom:catalog>sha256</lom:catalog><lom:entry>${input.contentSha256}</lom:entry></lom:identifier>`,
    `        <lom:title><lom:string language="${lang}">${xml(input.title)}</lom:string></lom:title>`,
    `        <lom:language>${lang}</lom:language>`,
    '      </lom:general>',
    '      <lom:lifeCycle>',
    `        <lom:version><lom:string language="${lang}">${input.version}</lom:string></lom:version>`,
    '      </lom:lifeCycle>',
    '    </lom:lom>',
    '  </metadata>',
  ].join('\n');
}

function item(node: ManifestItem, depth: number, contentNavigation: boolean): string {
  const pad = '  '.repeat(depth);
  const ref = node.resource ? ` identifierref="${node.resource}"` : '';
  const lines = [`${pad}<item identifier="${node.identifier}"${ref}>`, `${pad}  <title>${xml(node.title)}</title>`];
  for (const child of node.children ?? []) lines.push(item(child, depth + 1, contentNavigation));
  if (node.resource && contentNavigation) {
    // The SCO draws its own previous/next: the LMS hides its buttons (SCORM 2004 navigation interface).
    lines.push(
      `${pad}  <adlnav:presentation><adlnav:navigationInterface>`,
      `${pad}    <adlnav:hideLMSUI>previous</adlnav:hideLMSUI><adlnav:hideLMSUI>continue</adlnav:hideLMSUI>`,
      `${pad}  </adlnav:navigationInterface></adlnav:presentation>`,
    );
  }
  lines.push(`${pad}</item>`);
  return lines.join('\n');
}

/** The package's imsmanifest.xml (SCORM 2004 4th Edition content packaging). */
export function manifestXml(input: ManifestInput): string {
  const schemaLocation = SCHEMA_LOCATIONS.map(([ns, file]) => `${ns} ${file}`).join(' ');
  const resources = input.resources.map((r) => {
    const href = r.href ? ` href="${xml(r.href)}"` : '';
    const lines = [`    <resource identifier="${r.identifier}" type="webcontent" adlcp:scormType="${r.scormType}"${href}>`];
    for (const file of r.files) lines.push(`      <file href="${xml(file)}"/>`);
    for (const dep of r.dependencies ?? []) lines.push(`      <dependency identifierref="${dep}"/>`);
    lines.push('    </resource>');
    return lines.join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest identifier="${xml(input.identifier)}" version="${input.version}"`,
    '  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"',
    '  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"',
    '  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"',
    '  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"',
    '  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"',
    '  xmlns:lom="http://ltsc.ieee.org/xsd/LOM"',
    '  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    `  xsi:schemaLocation="${schemaLocation}">`,
    metadata(input),
    '  <organizations default="ORG-1">',
    '    <organization identifier="ORG-1">',
    `      <title>${xml(input.title)}</title>`,
    ...input.items.map((i) => item(i, 3, input.contentNavigation)),
    '      <imsss:sequencing>',
    '        <imsss:controlMode choice="true" flow="true"/>',
    '      </imsss:sequencing>',
    '    </organization>',
    '  </organizations>',
    '  <resources>',
    ...resources,
    '  </resources>',
    '</manifest>',
    '',
  ].join('\n');
}
