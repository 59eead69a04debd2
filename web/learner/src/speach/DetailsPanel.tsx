import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useSpeachCategories } from '../home/useHome';
import { type MessageKey, useI18n } from '../i18n';
import { TITLE_MAX } from './CreateSpeachPage';
import { errorMessage, fieldErrors } from './speachApi';
import { differs } from './unsaved/dirty-state';
import { useReportDirty } from './unsaved/UnsavedChanges';
import { type Category, SPEACH_LANGUAGES, type SpeachCard } from './types';

interface Props {
  speach: SpeachCard;
  busy: boolean;
  save: (body: { title?: string; description?: string; img?: string | null; tags?: string; language?: string; categoryId?: string | null }) => Promise<void>;
}

/** Title, description, tags, language, category and image of a speach, saved with the speach's version. */
export function DetailsPanel({ speach, busy, save }: Props) {
  const { t } = useI18n();
  const [title, setTitle] = useState(speach.title);
  const [description, setDescription] = useState(speach.description ?? '');
  const [tags, setTags] = useState(speach.tags ?? '');
  const [language, setLanguage] = useState<string>(speach.language);
  const [categoryId, setCategoryId] = useState(speach.category?.id ?? '');
  const [img, setImg] = useState(speach.img ?? '');
  const categories: Category[] = useSpeachCategories().data ?? [];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  // The baseline is what the server last accepted from this form, so a save (whatever the server normalises) makes it clean.
  const current = { title, description, tags, language, categoryId, img };
  const [baseline, setBaseline] = useState(current);
  useReportDirty('details', differs(current, baseline));

  // The draft card's category stays selectable even when the list is not readable.
  const options = speach.category && !categories.some((c) => c.id === speach.category?.id) ? [speach.category, ...categories] : categories;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!title.trim()) local.title = t('speach.error.titleRequired');
    else if (title.length > TITLE_MAX) local.title = t('speach.error.titleTooLong', { max: TITLE_MAX });
    setErrors(local);
    setError(null);
    if (Object.keys(local).length) return;
    const body: Parameters<Props['save']>[0] = { title: title.trim(), description, tags: tags.trim().replace(/\s+/g, ' '), language, img: img.trim() || null };
    if (categoryId !== (speach.category?.id ?? '')) body.categoryId = categoryId || null;
    try {
      await save(body);
      setBaseline(current);
    } catch (e) {
      setErrors(fieldErrors(e));
      setError(errorMessage(e));
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        label={t('speach.field.title')}
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          setErrors(({ title: _, ...rest }) => rest);
        }}
        required
        error={!!errors.title}
        helperText={errors.title ?? `${title.length}/${TITLE_MAX}`}
      />
      <TextField
        label={t('speach.field.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={2}
        error={!!errors.description}
        helperText={errors.description}
      />
      <TextField
        label={t('speach.field.tags')}
        value={tags}
        onChange={(e) => setTags(e.target.value)}
        error={!!errors.tags}
        helperText={errors.tags ?? t('speach.field.tagsHelp')}
      />
      <TextField
        select
        label={t('speach.field.language')}
        value={language}
        onChange={(e) => setLanguage(e.target.value)}
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
        {options.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="url"
        label={t('speach.field.img')}
        value={img}
        onChange={(e) => setImg(e.target.value)}
        error={!!errors.img}
        helperText={errors.img}
        placeholder="https://"
      />
      <div>
        <Button type="submit" variant="contained" disabled={busy}>
          {t('speach.details.save')}
        </Button>
      </div>
    </Stack>
  );
}
