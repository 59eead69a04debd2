import { Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

/** A signature as the API shows it: the printed name is the signer's name when they signed. */
export interface ShownSignature {
  signerId: string;
  printedName?: string;
  meaning: string;
  reason?: string | null;
  signedAt: string;
  timeZone: string;
  version: number;
  contentHash: string;
}

/** Part 11 §11.50: printed name, meaning, date-time in the signer's zone, the version and content signed. */
export function SignatureText({ signature }: { signature: ShownSignature }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  // dateStyle/timeStyle may not be combined with timeZoneName (a TypeError): the fields are spelled out.
  const date = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: signature.timeZone,
    timeZoneName: 'short',
  }).format(new Date(signature.signedAt));
  const text = translate('admin.gxp.signature.signed', {
    name: signature.printedName || signature.signerId,
    meaning: translate(`admin.gxp.signature.meanings.${signature.meaning}`, { _: signature.meaning }),
    date,
    version: signature.version,
    hash: signature.contentHash.slice(0, 19),
  });
  return (
    <Typography variant="body2" data-testid="signature">
      {text}
      {signature.reason ? ` · ${translate('admin.gxp.signature.reason', { reason: signature.reason })}` : ''}
    </Typography>
  );
}

/** A refused signature attempt: who tried, and why it was refused (never what they typed). */
export function FailedSignatureText({ name, cause }: { name: string; cause: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" data-testid="signature-failed">
      {translate('admin.gxp.signature.failed', { name, cause: translate(`admin.gxp.signature.causes.${cause.replace(' ', '_')}`, { _: cause }) })}
    </Typography>
  );
}
