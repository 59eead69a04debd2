import { Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useI18n } from '../i18n';
import type { SignatureRecord } from './workflowApi';

/** Each signature as Part 11 §11.50 wants it shown: printed name, meaning, date-time in the signer's zone, the content signed. */
export function SignatureList({ signatures }: { signatures: SignatureRecord[] }) {
  const { t, language } = useI18n();
  if (signatures.length === 0) return null;
  // The only reason the platform records today; any other is shown as recorded.
  const revocationReason = (reason: string) => (reason === 'content changed after approval' ? t('signatureRevocation.contentChanged') : reason);
  // dateStyle/timeStyle may not be combined with timeZoneName (a TypeError): the fields are spelled out.
  const when = (s: SignatureRecord, at: string = s.signedAt) =>
    new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: s.timeZone,
      timeZoneName: 'short',
    }).format(new Date(at));
  return (
    <section aria-labelledby="signatures-title">
      <Typography id="signatures-title" variant="h6" component="h2">
        {t('signature.records')}
      </Typography>
      <List dense>
        {signatures.map((s) => (
          <ListItem key={s.signatureId}>
            {/* Marked by a chip and its words, not by fading the line: faded text fails the contrast rule (axe). */}
            {s.revoked && <Chip size="small" variant="outlined" label={t('signatureRevocation.revoked')} sx={{ mr: 1 }} />}
            <ListItemText
              primary={t('signature.record', {
                name: s.printedName,
                meaning: t(`signature.meaning.${s.meaning}`),
                date: when(s),
                // The zone's own name only when the short one does not already say it ("UTC (UTC)").
                zone: when(s).includes(s.timeZone) ? '' : ` (${s.timeZone})`,
                hash: s.contentHash.slice(0, 19),
              })}
              secondary={
                [s.reason, s.revoked && t('signatureRevocation.revokedOn', { date: when(s, s.revoked.at), reason: revocationReason(s.revoked.reason) })]
                  .filter(Boolean)
                  .join(' · ') || null
              }
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
