import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Delete from '@mui/icons-material/Delete';
import ErrorIcon from '@mui/icons-material/Error';
import ExpandMore from '@mui/icons-material/ExpandMore';
import UploadFile from '@mui/icons-material/UploadFile';
import { type DragEvent, useId, useState } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import { SPEACH_LANGUAGES } from '../speach/types';
import { ACCEPTED_EXTENSIONS, DURATIONS, GENERATION_MODES, type StepsRequest } from './aiApi';
import { counted } from './plural';
import type { UploadedAiFile } from './useUploads';

export type GenerationSettings = Omit<StepsRequest, 'jobIDs'>;

const ACCEPT = ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The options of a generation (spec §2): duration, language, reorder, mode, instruction. */
export function GenerationOptionsFields({ value, onChange }: { value: GenerationSettings; onChange: (next: GenerationSettings) => void }) {
  const { t } = useI18n();
  const set = (patch: Partial<GenerationSettings>) => onChange({ ...value, ...patch });
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="ai-duration">{t('ai.options.duration')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="ai-duration"
          value={value.duration}
          onChange={(e) => set({ duration: e.target.value as GenerationSettings['duration'] })}
        >
          {DURATIONS.map((d) => (
            <FormControlLabel key={d} value={d} control={<Radio />} label={t(`ai.duration.${d}` as MessageKey)} />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField select label={t('ai.options.language')} value={value.language} onChange={(e) => set({ language: e.target.value })} sx={{ maxWidth: 320 }}>
        {SPEACH_LANGUAGES.map((l) => (
          <MenuItem key={l} value={l}>
            {t(`speach.lang.${l}` as MessageKey)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={value.allowReorder} onChange={(e) => set({ allowReorder: e.target.checked })} />}
        label={t('ai.options.allowReorder')}
      />
      <FormControl>
        <FormLabel id="ai-mode">{t('ai.options.mode')}</FormLabel>
        <RadioGroup
          aria-labelledby="ai-mode"
          value={value.generationMode}
          onChange={(e) => set({ generationMode: e.target.value as GenerationSettings['generationMode'] })}
        >
          {GENERATION_MODES.map((m) => (
            <FormControlLabel key={m} value={m} control={<Radio />} label={t(`ai.mode.${m}` as MessageKey)} />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        label={t('ai.options.instruction')}
        helperText={t('ai.options.instructionHelp')}
        value={value.specificPrompt}
        onChange={(e) => set({ specificPrompt: e.target.value.slice(0, 2000) })}
        multiline
        minRows={3}
        fullWidth
      />
    </Stack>
  );
}

function FileState({ file }: { file: UploadedAiFile }) {
  const { t } = useI18n();
  if (file.progress < 0) return <ErrorIcon color="error" titleAccess={t('ai.upload.failed')} />;
  if (file.data) return <CheckCircle color="success" titleAccess={t('ai.upload.done')} />;
  return <CircularProgress size={20} aria-label={file.progress < 100 ? t('ai.upload.uploading') : t('ai.upload.processing')} />;
}

interface Props {
  files: UploadedAiFile[];
  onAdd: (files: File[]) => void;
  onRemove: (uid: string) => void;
  settings: GenerationSettings;
  onSettings: (next: GenerationSettings) => void;
  onGenerate: () => void;
  generating: boolean;
  error: string | null;
}

/** Step 0: documents dropped or chosen, each uploaded with its progress, then the options and Generate. */
export function UploadStep({ files, onAdd, onRemove, settings, onSettings, onGenerate, generating, error }: Props) {
  const { t, language } = useI18n();
  const [over, setOver] = useState(false);
  const inputId = useId();
  const ready = files.length > 0 && files.every((f) => !!f.data);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onAdd([...event.dataTransfer.files]);
  };

  return (
    <Stack spacing={3}>
      <Paper
        variant="outlined"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="ai-dropzone"
        sx={{
          p: 4,
          textAlign: 'center',
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : undefined,
        }}
      >
        <UploadFile fontSize="large" color="primary" aria-hidden="true" />
        <Typography variant="h6" component="h2" gutterBottom>
          {t('ai.upload.title')}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {t('ai.upload.hint', { types: new Intl.ListFormat(language, { type: 'unit' }).format(ACCEPTED_EXTENSIONS.map((e) => `.${e}`)) })}
        </Typography>
        <Button variant="contained" component="label" htmlFor={inputId}>
          {t('ai.upload.choose')}
        </Button>
        <input
          id={inputId}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          data-testid="ai-files"
          onChange={(e) => {
            onAdd([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </Paper>

      {files.length > 0 && (
        <Box component="ul" aria-label={t('ai.upload.list')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {files.map((file) => (
            <Paper component="li" key={file.uid} variant="outlined" sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1.5} alignItems="center">
                <FileState file={file} />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ wordBreak: 'break-all' }}>{file.name}</Typography>
                  {file.progress >= 0 && !file.data && (
                    <LinearProgress variant="determinate" value={file.progress} aria-label={t('ai.upload.progressOf', { name: file.name })} />
                  )}
                  <Typography variant="body2" color={file.progress < 0 ? 'error' : 'text.secondary'} aria-live="polite">
                    {file.progress < 0
                      ? file.error
                      : file.data
                        ? counted(t, language, 'ai.upload.pages', file.data.pages.length)
                        : file.progress < 100
                          ? t('ai.upload.percent', { percent: file.progress })
                          : t('ai.upload.processing')}
                  </Typography>
                </Box>
                <IconButton aria-label={t('ai.upload.remove', { name: file.name })} onClick={() => onRemove(file.uid)}>
                  <Delete />
                </IconButton>
              </Stack>
            </Paper>
          ))}
        </Box>
      )}

      <Accordion disableGutters slotProps={{ heading: { component: 'h2' } }}>
        <AccordionSummary expandIcon={<ExpandMore />} aria-controls="ai-options-content" id="ai-options-header">
          <Typography component="span" variant="subtitle1">
            {t('ai.options.title')}
          </Typography>
        </AccordionSummary>
        <AccordionDetails id="ai-options-content">
          <GenerationOptionsFields value={settings} onChange={onSettings} />
        </AccordionDetails>
      </Accordion>

      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box>
        <Button
          variant="contained"
          size="large"
          onClick={onGenerate}
          disabled={!ready || generating}
          startIcon={generating ? <CircularProgress size={18} aria-hidden="true" /> : undefined}
        >
          {generating ? t('ai.plan.generating') : t('ai.upload.generate')}
        </Button>
        {!ready && files.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('ai.upload.waitAll')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
