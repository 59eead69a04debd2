import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Edit from '@mui/icons-material/Edit';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { useI18n } from '../i18n';
import { type FileData, type GeneratedPlan, type PlanSubchapter, pageRanges } from './aiApi';
import { PageCarousel } from './PageCarousel';
import { type GenerationSettings, GenerationOptionsFields } from './UploadStep';

export type SubchapterState = 'idle' | 'running' | 'done' | 'error';

interface Props {
  plan: GeneratedPlan;
  files: Map<string, FileData>;
  mapped: boolean;
  states: Record<string, SubchapterState>;
  busy: boolean;
  error: string | null;
  settings: GenerationSettings;
  onGenerateOne: (sub: PlanSubchapter) => void;
  onEdit: (sub: PlanSubchapter) => void;
  onRegenerate: (settings: GenerationSettings) => void;
  onSaveAndEdit: () => void;
  onGenerateAll: () => void;
}

function SubchapterEntry({
  sub,
  files,
  state,
  busy,
  onGenerate,
  onEdit,
}: {
  sub: PlanSubchapter;
  files: Map<string, FileData>;
  state: SubchapterState;
  busy: boolean;
  onGenerate: () => void;
  onEdit: () => void;
}) {
  const { t } = useI18n();
  const headingId = `sub-${sub.id}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Stack spacing={1}>
        <Typography id={headingId} variant="subtitle1" component="h4">
          {sub.number}. {sub.title}
        </Typography>
        {pageRanges(sub.documentPages).map((r) => (
          <Typography key={r.documentName} variant="body2" color="text.secondary">
            {r.from === r.to
              ? t('ai.plan.sourcePage', { name: r.documentName, page: r.from })
              : t('ai.plan.sourceRange', { name: r.documentName, from: r.from, to: r.to })}
          </Typography>
        ))}
        <PageCarousel pages={sub.documentPages} files={files} />
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
          {state === 'done' ? (
            <>
              <Chip icon={<CheckCircle />} color="success" label={t('ai.plan.generated')} />
              <Button startIcon={<Edit />} onClick={onEdit} aria-label={t('ai.plan.editNamed', { title: sub.title })}>
                {t('ai.plan.edit')}
              </Button>
            </>
          ) : state === 'running' ? (
            <Stack direction="row" spacing={1} alignItems="center" role="status">
              <CircularProgress size={18} aria-hidden="true" />
              <Typography variant="body2">{t('ai.plan.inProgress')}</Typography>
            </Stack>
          ) : (
            <Button variant="outlined" onClick={onGenerate} disabled={busy} aria-label={t('ai.plan.generateOneNamed', { title: sub.title })}>
              {t('ai.plan.generateOne')}
            </Button>
          )}
          {state === 'error' && (
            <Typography variant="body2" color="error">
              {t('aiContent.error')}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Step 1: the generated plan, its sources, and the ways to turn it into a speach. */
export function PlanStep({ plan, files, mapped, states, busy, error, settings, onGenerateOne, onEdit, onRegenerate, onSaveAndEdit, onGenerateAll }: Props) {
  const { t } = useI18n();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Spec §5: allow-reorder is true by default in the plan panel.
  const [draft, setDraft] = useState<GenerationSettings>({ ...settings, allowReorder: true });

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2">
          {plan.title}
        </Typography>
        {plan.description && <Typography color="text.secondary">{plan.description}</Typography>}
      </Box>
      {plan.chapters.length === 0 && <Alert severity="info">{t('ai.plan.empty')}</Alert>}
      {plan.chapters.map((chapter) => (
        <Accordion key={chapter.id} defaultExpanded disableGutters>
          <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`chapter-${chapter.id}-content`} id={`chapter-${chapter.id}-header`}>
            <Typography variant="h6" component="span">
              {chapter.number}. {chapter.title}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`chapter-${chapter.id}-content`}>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              {chapter.subchapters.map((sub) => (
                <SubchapterEntry
                  key={sub.id}
                  sub={sub}
                  files={files}
                  state={states[sub.id] ?? 'idle'}
                  busy={busy}
                  onGenerate={() => onGenerateOne(sub)}
                  onEdit={() => onEdit(sub)}
                />
              ))}
            </Box>
          </AccordionDetails>
        </Accordion>
      ))}

      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="flex-end">
        {!mapped && (
          <Button variant="outlined" disabled={busy} onClick={() => setOptionsOpen(true)}>
            {t('ai.plan.regenerate')}
          </Button>
        )}
        <Button variant="outlined" disabled={busy} onClick={onSaveAndEdit}>
          {t('ai.plan.saveAndEdit')}
        </Button>
        <Button variant="contained" disabled={busy || plan.chapters.length === 0} onClick={() => setConfirmOpen(true)}>
          {t('ai.plan.generateAll')}
        </Button>
      </Stack>

      <Dialog open={optionsOpen} onClose={() => setOptionsOpen(false)} aria-labelledby="ai-options-title" maxWidth="sm" fullWidth>
        <DialogTitle id="ai-options-title">{t('ai.options.title')}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <GenerationOptionsFields value={draft} onChange={setDraft} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOptionsOpen(false)}>{t('ai.dialog.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setOptionsOpen(false);
              onRegenerate(draft);
            }}
          >
            {t('ai.plan.regenerate')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} aria-labelledby="ai-confirm-title" aria-describedby="ai-confirm-text">
        <DialogTitle id="ai-confirm-title">{t('ai.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="ai-confirm-text">{t('ai.confirm.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOpen(false)}>{t('ai.dialog.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setConfirmOpen(false);
              onGenerateAll();
            }}
          >
            {t('ai.confirm.generateAll')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
