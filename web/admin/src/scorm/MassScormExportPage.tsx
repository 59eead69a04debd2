import { Loading } from '@speach/web-shared/feedback';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { errorMessage } from '../speaches/api';
import type { SpeachCard } from '../speaches/types';
import { type ScormType, scormApi, waitForPackage } from './api';
import { ScormOptions } from './ScormOptions';

type Run = { kind: 'idle' } | { kind: 'running'; current: number } | { kind: 'done'; names: string[]; failed: string[] };

/** Every published speach, read page by page from the admin list until a page comes back empty (spec §7). */
async function allPublished(): Promise<SpeachCard[]> {
  const all: SpeachCard[] = [];
  for (let page = 0; ; page++) {
    const { result } = await scormApi.page(page);
    if (result.length === 0) return all;
    all.push(...result.filter((s) => s.state !== 'NON_PUBLIE'));
  }
}

/**
 * Spec §2 "Mass SCORM export page": type, Navigation in content, the speach count and their cards; the
 * speaches are exported one by one with a progress circle (current/total); cancel reloads the page; at the
 * end one download holds every package.
 */
export function MassScormExportPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [speaches, setSpeaches] = useState<SpeachCard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [type, setType] = useState<ScormType>('SCORM_LITE');
  const [navigation, setNavigation] = useState(false);
  const [classic, setClassic] = useState(false);
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const signal = useRef({ cancelled: false });

  useEffect(() => {
    allPublished().then(setSpeaches, (e) => setError(errorMessage(e)));
    scormApi.classicEnabled().then(setClassic, () => setClassic(false));
    const current = signal.current;
    return () => {
      current.cancelled = true;
    };
  }, []);

  const number = new Intl.NumberFormat(locale);
  const exportAll = async () => {
    if (!speaches) return;
    const names: string[] = [];
    const failed: string[] = [];
    for (const [index, speach] of speaches.entries()) {
      if (signal.current.cancelled) return;
      setRun({ kind: 'running', current: index });
      try {
        const name = await scormApi.start(speach.id, type, type === 'SCORM_FULL' && navigation);
        await waitForPackage(name, () => undefined, signal.current);
        names.push(name);
      } catch (e) {
        failed.push(`${speach.title}: ${errorMessage(e)}`);
      }
    }
    setRun({ kind: 'done', names, failed });
  };

  const total = speaches?.length ?? 0;
  const current = run.kind === 'running' ? run.current : run.kind === 'done' ? total : 0;
  return (
    <Box component="main" sx={{ p: 2 }}>
      <Title title="admin.scorm.massTitle" />
      <Typography variant="h4" component="h2" gutterBottom>
        {translate('admin.scorm.massTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} alignItems={{ md: 'center' }} sx={{ mb: 3 }}>
        <Stack spacing={1}>
          <ScormOptions
            type={type}
            onType={setType}
            navigation={navigation}
            onNavigation={setNavigation}
            classicEnabled={classic}
            disabled={run.kind !== 'idle'}
          />
        </Stack>
        <Box
          sx={{ position: 'relative', display: 'inline-flex' }}
          role="progressbar"
          aria-label={translate('admin.scorm.massProgress')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={current}
          aria-valuetext={`${current} / ${total}`}
        >
          <CircularProgress variant="determinate" value={total ? (current * 100) / total : 0} size={96} aria-hidden />
          <Box sx={{ inset: 0, position: 'absolute', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Typography data-testid="scorm-mass-progress">{`${number.format(current)} / ${number.format(total)}`}</Typography>
          </Box>
        </Box>
        <Stack direction="row" spacing={1}>
          {run.kind === 'done' ? (
            <Button variant="contained" disabled={run.names.length === 0} href={scormApi.bundleUrl(run.names)} target="_blank" rel="noopener">
              {translate('admin.scorm.download')}
            </Button>
          ) : (
            <Button variant="contained" onClick={exportAll} disabled={!speaches || total === 0 || run.kind === 'running'}>
              {translate('admin.scorm.exportAll')}
            </Button>
          )}
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {translate('ra.action.cancel')}
          </Button>
        </Stack>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {run.kind === 'done' && run.failed.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('admin.scorm.someFailed')}
          <ul>
            {run.failed.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Alert>
      )}
      {!speaches && !error && <Loading />}
      {speaches && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }} data-testid="scorm-mass-count">
            {translate('admin.scorm.count', { smart_count: total, count: number.format(total) })}
          </Typography>
          <Grid container spacing={2}>
            {speaches.map((speach, index) => (
              <Grid key={speach.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                <Card variant="outlined" sx={{ height: '100%', opacity: run.kind === 'running' && index > current ? 0.7 : 1 }}>
                  <CardContent>
                    <Typography component="h3" variant="subtitle1" sx={{ wordBreak: 'break-word' }}>
                      {speach.title}
                    </Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </Box>
  );
}
