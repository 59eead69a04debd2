import GppBadIcon from '@mui/icons-material/GppBad';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type ChainStatus, auditApi, errorMessage } from './api';

/** The tamper-evidence status of the whole event log (verified incrementally by the server). */
export function ChainStatusCard() {
  const translate = useTranslate();
  const [status, setStatus] = useState<ChainStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async (full: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setStatus(await auditApi.chain(full));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }, []);
  useEffect(() => {
    void load(false);
  }, [load]);

  const recheck = (
    <Button color="inherit" size="small" onClick={() => load(true)} disabled={busy}>
      {translate('admin.audit.chain.recheck')}
    </Button>
  );
  return (
    <section aria-label={translate('admin.audit.chain.title')} aria-busy={busy} data-testid="chain-status">
      {!status && !error && (
        <Stack direction="row" spacing={1} alignItems="center">
          <CircularProgress size={18} aria-hidden />
          <Typography variant="body2">{translate('admin.audit.chain.checking')}</Typography>
        </Stack>
      )}
      {error && (
        <Alert severity="warning" action={recheck}>
          {translate('admin.audit.chain.failed')} {error}
        </Alert>
      )}
      {status && !error && status.ok && (
        <Alert severity="success" icon={<VerifiedUserIcon />} action={recheck}>
          {translate('admin.audit.chain.ok', { smart_count: status.verified })}
        </Alert>
      )}
      {status && !error && !status.ok && (
        <Alert severity="error" icon={<GppBadIcon />} action={recheck}>
          {status.firstBroken && <strong>{translate('admin.audit.chain.broken', { position: status.firstBroken.position })}</strong>}
          {status.error && <Typography variant="body2">{status.error}</Typography>}
          {status.firstBroken && (
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {translate('admin.audit.chain.brokenDetail', {
                verified: status.verified,
                expected: status.firstBroken.expected,
                found: status.firstBroken.found ?? '—',
              })}
            </Typography>
          )}
        </Alert>
      )}
    </section>
  );
}
