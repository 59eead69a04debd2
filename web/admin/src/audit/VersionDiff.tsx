import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiCall } from '../providers/httpClient';
import { errorMessage } from './api';
import type { ContentDiff } from '@speach/web-shared/api';
import { SideBySideLines } from '@speach/web-shared/diff';

/**
 * Issue 23 item 3 in the audit trail: what changed between two versions (or a version and the draft), the same
 * chapter-level diff the approver and the versions page show. `versions`: the published version numbers, oldest first.
 */
export function VersionDiff({ speachId, versions }: { speachId: string; versions: number[] }) {
  const translate = useTranslate();
  const latest = versions[versions.length - 1];
  const [from, setFrom] = useState(String(versions.length > 1 ? versions[versions.length - 2] : latest));
  const [to, setTo] = useState(versions.length > 1 ? String(latest) : 'current');
  const [diff, setDiff] = useState<ContentDiff | null>(null);
  const [error, setError] = useState<string | null>(null);
  const compare = () => {
    setError(null);
    apiCall<ContentDiff>(`/api/v2/audit/speach/${encodeURIComponent(speachId)}/diff?${new URLSearchParams({ from, to })}`).then(setDiff, (e) => {
      setDiff(null);
      setError(errorMessage(e));
    });
  };
  useEffect(compare, [speachId]); // eslint-disable-line react-hooks/exhaustive-deps -- the first comparison only; later ones on demand
  const options = [...versions.map(String), 'current'];
  const label = (ref: string) => (ref === 'current' ? translate('admin.gxp.diff.draft') : translate('admin.gxp.diff.version', { version: ref }));
  const nothing = diff && !diff.titleChanged && diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
  return (
    <Card component="section" aria-labelledby="version-diff-title" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="version-diff-title" sx={{ mb: 1 }}>
          {translate('admin.gxp.diff.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
          {(
            [
              ['from', from, setFrom],
              ['to', to, setTo],
            ] as const
          ).map(([name, value, set]) => (
            <TextField
              key={name}
              select
              size="small"
              label={translate(`admin.gxp.diff.${name}`)}
              value={value}
              onChange={(e) => set(e.target.value)}
              sx={{ minWidth: 160 }}
            >
              {options.map((ref) => (
                <MenuItem key={ref} value={ref}>
                  {label(ref)}
                </MenuItem>
              ))}
            </TextField>
          ))}
          <Button variant="outlined" onClick={compare}>
            {translate('admin.gxp.diff.compare')}
          </Button>
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
        {nothing && <Typography>{translate('admin.gxp.diff.none')}</Typography>}
        {diff?.titleChanged && <Typography>{translate('admin.gxp.diff.renamedSpeach', diff.titleChanged)}</Typography>}
        {diff && (
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            {diff.added.map((c) => (
              <Chip key={c.chapterId} variant="outlined" color="success" label={translate('admin.gxp.diff.added', { title: c.title })} />
            ))}
            {diff.removed.map((c) => (
              <Chip key={c.chapterId} variant="outlined" color="error" label={translate('admin.gxp.diff.removed', { title: c.title })} />
            ))}
          </Stack>
        )}
        {diff?.changed.map((c) => (
          <Box key={c.chapterId} sx={{ mt: 2 }}>
            <Typography variant="subtitle1" component="h3">
              {c.previousTitle ? translate('admin.gxp.diff.renamed', { before: c.previousTitle, after: c.title }) : c.title}
              {c.moved ? ` — ${translate('admin.gxp.diff.moved')}` : ''}
            </Typography>
            {c.content && c.content.lines.length > 0 && (
              <SideBySideLines
                lines={c.content.lines}
                label={translate('admin.gxp.diff.sideBySide', { title: c.title })}
                before={label(from)}
                after={label(to)}
              />
            )}
            {c.content?.questions.map((q) => (
              <Typography key={q.questionId} variant="body2">
                {translate(`admin.gxp.diff.question.${q.kind}`, { text: q.after ?? q.before ?? '' })}
              </Typography>
            ))}
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
