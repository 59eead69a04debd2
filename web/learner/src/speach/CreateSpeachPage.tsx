import { Alert, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useSpeachCategories } from '../home/useHome';
import { type MessageKey, useI18n } from '../i18n';
import { errorMessage, fieldErrors } from './speachApi';
import { type Category, SPEACH_LANGUAGES, type SpeachCard, type SpeachLanguage } from './types';
import { useCreateSpeach, useSpeachTemplates } from './useSpeach';

export const TITLE_MAX = 255;

/** The UI language's default speach language. */
export function defaultSpeachLanguage(ui: string): SpeachLanguage {
  return ({ fr: 'fr-FR', es: 'es-ES', de: 'de-DE' } as Record<string, SpeachLanguage>)[ui] ?? 'en-US';
}

/** /recorder/indexrecorderlayout: create a speach, then open its editor. */
export function CreateSpeachPage() {
  const { t, language } = useI18n();
  const { me } = useAuth();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [speachLanguage, setSpeachLanguage] = useState<SpeachLanguage>(defaultSpeachLanguage(language));
  const [categoryId, setCategoryId] = useState('');
  const [description, setDescription] = useState('');
  const [templateId, setTemplateId] = useState('');
  const categories: Category[] = useSpeachCategories().data ?? [];
  const templates: SpeachCard[] = useSpeachTemplates().data ?? [];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const creation = useCreateSpeach();
  // Stays on once created: the editor opens next.
  const busy = creation.isPending || creation.isSuccess;

  if (me && !me.isAuthor && !me.isAdmin) {
    return (
      <>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('route.create')}
        </Typography>
        <Alert severity="info">{t('speach.create.notAuthor')}</Alert>
      </>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!title.trim()) local.title = t('speach.error.titleRequired');
    else if (title.length > TITLE_MAX) local.title = t('speach.error.titleTooLong', { max: TITLE_MAX });
    setErrors(local);
    setError(null);
    if (Object.keys(local).length) return;
    try {
      const card = await creation.mutateAsync({
        title: title.trim(),
        language: speachLanguage,
        ...(categoryId ? { categoryId } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(templateId ? { templateId } : {}),
      });
      navigate(`/recorder/edit/${card.speachID ?? card.id}`);
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors(fields);
      setError(errorMessage(e));
    }
  };

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('route.create')}
      </Typography>
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: 3, maxWidth: 640 }}>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label={t('speach.field.title')}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors(({ title: _, ...rest }) => rest);
            }}
            required
            autoFocus
            error={!!errors.title}
            helperText={errors.title ?? `${title.length}/${TITLE_MAX}`}
            slotProps={{ htmlInput: { maxLength: TITLE_MAX + 20 } }}
          />
          <TextField
            select
            label={t('speach.field.language')}
            value={speachLanguage}
            onChange={(e) => setSpeachLanguage(e.target.value as SpeachLanguage)}
            error={!!errors.language}
            helperText={errors.language}
          >
            {SPEACH_LANGUAGES.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`speach.lang.${l}` as MessageKey)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('speach.field.category')}
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
            error={!!errors.categoryId}
            helperText={errors.categoryId}
          >
            <MenuItem value="">{t('speach.field.noCategory')}</MenuItem>
            {categories.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('speach.field.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={3}
            error={!!errors.description}
            helperText={errors.description}
          />
          <TextField
            select
            label={t('speach.field.template')}
            value={templateId}
            onChange={(e) => setTemplateId(e.target.value)}
            error={!!errors.templateId}
            helperText={errors.templateId}
          >
            <MenuItem value="">{t('speach.field.noTemplate')}</MenuItem>
            {templates.map((tpl) => (
              <MenuItem key={tpl.id} value={tpl.speachID ?? tpl.id}>
                {tpl.title}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('speach.create.submit')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('speach.common.cancel')}</Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
