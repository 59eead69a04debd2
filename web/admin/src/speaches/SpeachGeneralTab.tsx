import { Alert, Box, Button as MuiButton, CircularProgress, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { errorMessage, isoDay, speachApi, useSpeachCategories, useSpeachGroups } from './api';
import { useLanguageChoices, useVisibilityChoices } from './choices';
import { GroupsPicker, UsersPicker } from './Pickers';
import type { SpeachLanguage } from '@speach/web-shared/api';
import type { Named, Person, SpeachCard, Visibility } from './types';

/** Spec §5/§9 limits. */
const TITLE_MAX_LENGTH = 200;
const ACCESS_CODE_MAX = 230;
/** Spec §9: preview frame 575x391. */
const PREVIEW = { width: 575, height: 391 };

const sameIds = (a: { id: string }[], b: { id: string }[]) => a.length === b.length && a.every((x) => b.some((y) => y.id === x.id));

function initial(speach: SpeachCard) {
  return {
    title: speach.title ?? '',
    description: speach.description ?? '',
    categoryId: speach.category?.id ?? '',
    language: speach.language ?? '',
    published: speach.state === 'PUBLIE',
    visibility: speach.visibility,
    accessCode: '',
    isPinnedOnHome: !!speach.isPinnedOnHome,
    affectedUsers: (speach.affectationUsersInfos?.affectedUsers ?? []) as Person[],
    affectedGroups: (speach.affectationUsersInfos?.affectedGroups ?? []) as Named[],
    dueDate: speach.metadata?.dueDate ? String(speach.metadata.dueDate).slice(0, 10) : '',
    lockedSubchapters: !!speach.metadata?.lockedSubchapters,
  };
}

/**
 * The General tab (spec §2, §4): title, description, category, language, published state, visibility with its
 * dependent fields (access code when private, pinned toggle when public and published, users and groups when
 * restricted), due date when one is set, locked sub-chapters; and the preview.
 */
export function SpeachGeneralTab({ speach }: { speach: SpeachCard }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const categories = useSpeachCategories();
  const groups = useSpeachGroups();
  const languages = useLanguageChoices();
  const visibilities = useVisibilityChoices();
  const start = initial(speach);
  const [form, setForm] = useState(start);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));

  const hasDueDate = !!speach.metadata?.dueDate;
  const dueDatePassed = hasDueDate && start.dueDate < isoDay(0);
  const canPublishToggle = speach.state === 'PUBLIE' || speach.state === 'NON_PUBLIE';
  const showPinned = form.visibility === 'PUBLIC' && form.published;
  const titleError =
    form.title.trim() === ''
      ? translate('ra.validation.required')
      : form.title.length > TITLE_MAX_LENGTH
        ? translate('ra.validation.maxLength', { max: TITLE_MAX_LENGTH })
        : '';

  /** The fields of PUT /admin/speach/update that changed. */
  const changes = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    if (form.title.trim() !== start.title) out.title = form.title.trim();
    if (form.description !== start.description) out.description = form.description;
    if (form.categoryId !== start.categoryId && form.categoryId) out.categoryId = form.categoryId;
    if (form.language !== start.language && form.language) out.language = form.language;
    if (canPublishToggle && form.published !== start.published) out.state = form.published ? 'PUBLIE' : 'NON_PUBLIE';
    if (form.visibility !== start.visibility) out.visibility = form.visibility;
    if (form.visibility === 'PRIVE' && form.accessCode) out.accessCode = form.accessCode;
    if (showPinned && form.isPinnedOnHome !== start.isPinnedOnHome) out.isPinnedOnHome = form.isPinnedOnHome;
    return out;
  };
  const usersChanged = form.visibility === 'RESTREINT' && !sameIds(form.affectedUsers, start.affectedUsers);
  const groupsChanged = form.visibility === 'RESTREINT' && !sameIds(form.affectedGroups, start.affectedGroups);
  const lockedChanged = form.lockedSubchapters !== start.lockedSubchapters;
  const dueDateChanged = hasDueDate && form.dueDate !== start.dueDate;
  const dirty = Object.keys(changes()).length > 0 || usersChanged || groupsChanged || lockedChanged || dueDateChanged;

  const fail = (key: string, error?: unknown) =>
    notify(error === undefined ? key : `${translate(key)}\n${errorMessage(error)}`, { type: 'error', multiLine: true });

  async function save() {
    if (titleError) return;
    // Spec §5: a due date must be at least tomorrow; an earlier one fails and the previous date comes back.
    if (dueDateChanged && form.dueDate && form.dueDate < isoDay(1)) {
      set('dueDate', start.dueDate);
      fail('admin.speaches.updateFailed');
      return;
    }
    setBusy(true);
    let saved = false;
    try {
      const changed = changes();
      if (Object.keys(changed).length > 0) {
        try {
          await speachApi.update({ speachID: speach.id, ...(speach.version !== undefined ? { version: speach.version } : {}), ...changed });
          saved = true;
        } catch (error) {
          fail('admin.speaches.updateFailed', error);
          return;
        }
      }
      // Affected users and groups: their failures show the server's error (spec §8).
      try {
        if (usersChanged)
          await speachApi.updateAffectedUsers(
            speach.id,
            form.affectedUsers.map((u) => u.id),
          );
        if (groupsChanged)
          await speachApi.updateAffectedGroups(
            speach.id,
            form.affectedGroups.map((g) => g.id),
          );
      } catch (error) {
        notify(errorMessage(error), { type: 'error' });
        return;
      }
      try {
        if (lockedChanged) await speachApi.setLockedSubchapters(speach.id, form.lockedSubchapters);
        if (dueDateChanged) await speachApi.setDueDate(speach.id, form.dueDate || null);
      } catch (error) {
        if (dueDateChanged) set('dueDate', start.dueDate);
        fail('admin.speaches.updateFailed', error);
        return;
      }
      saved = true;
      notify('admin.speaches.updated', { type: 'success' });
    } finally {
      setBusy(false);
      if (saved) refresh();
    }
  }

  return (
    <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), void save())} noValidate>
      <TextField
        id="speach-title"
        label={translate('resources.speaches.fields.title')}
        value={form.title}
        onChange={(e) => set('title', e.target.value)}
        required
        error={!!titleError}
        helperText={titleError || ' '}
        slotProps={{ htmlInput: { maxLength: TITLE_MAX_LENGTH } }}
      />
      <TextField
        id="speach-description"
        label={translate('resources.speaches.fields.description')}
        value={form.description}
        onChange={(e) => set('description', e.target.value)}
        multiline
        minRows={2}
        maxRows={8}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          fullWidth
          id="speach-category"
          label={translate('resources.speaches.fields.category')}
          value={form.categoryId}
          onChange={(e) => set('categoryId', e.target.value)}
        >
          {categories.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
          {form.categoryId && !categories.some((c) => c.id === form.categoryId) && (
            <MenuItem value={form.categoryId}>{speach.category?.name ?? form.categoryId}</MenuItem>
          )}
        </TextField>
        <TextField
          select
          fullWidth
          id="speach-language"
          label={translate('resources.speaches.fields.language')}
          value={form.language}
          onChange={(e) => set('language', e.target.value as SpeachLanguage)}
        >
          {languages.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
            </MenuItem>
          ))}
          {form.language && !languages.some((l) => l.id === form.language) && <MenuItem value={form.language}>{form.language}</MenuItem>}
        </TextField>
      </Stack>
      {canPublishToggle && (
        <FormControlLabel
          control={<Switch checked={form.published} onChange={(e) => set('published', e.target.checked)} />}
          label={translate('admin.speaches.publishedSwitch')}
        />
      )}
      <TextField
        select
        id="speach-visibility"
        label={translate('resources.speaches.fields.visibility')}
        value={form.visibility}
        onChange={(e) => set('visibility', e.target.value as Visibility)}
      >
        {visibilities.map((v) => (
          <MenuItem key={v.id} value={v.id}>
            {v.name}
          </MenuItem>
        ))}
      </TextField>
      {form.visibility === 'PRIVE' && (
        <TextField
          id="speach-access-code"
          label={translate('resources.speaches.fields.accessCode')}
          value={form.accessCode}
          onChange={(e) => set('accessCode', e.target.value)}
          autoComplete="off"
          helperText={translate(start.visibility === 'PRIVE' && speach.accessCode ? 'admin.speaches.accessCodeSet' : 'admin.speaches.accessCodeHelp')}
          slotProps={{ htmlInput: { maxLength: ACCESS_CODE_MAX } }}
        />
      )}
      {showPinned && (
        <FormControlLabel
          control={<Switch checked={form.isPinnedOnHome} onChange={(e) => set('isPinnedOnHome', e.target.checked)} />}
          label={translate('admin.speaches.pinnedSwitch')}
        />
      )}
      {form.visibility === 'RESTREINT' && (
        <>
          <UsersPicker
            id="speach-affected-users"
            label={translate('resources.speaches.fields.affectedUsers')}
            value={form.affectedUsers}
            onChange={(users) => set('affectedUsers', users)}
          />
          <GroupsPicker
            id="speach-affected-groups"
            label={translate('resources.speaches.fields.affectedGroups')}
            value={form.affectedGroups}
            options={groups}
            onChange={(g) => set('affectedGroups', g)}
          />
        </>
      )}
      {hasDueDate && (
        <Box>
          {dueDatePassed && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {translate('admin.speaches.dueDatePassed')}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <TextField
              id="speach-due-date"
              type="date"
              label={translate('resources.speaches.fields.dueDate')}
              value={form.dueDate}
              onChange={(e) => set('dueDate', e.target.value)}
              error={dueDatePassed && form.dueDate === start.dueDate}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: isoDay(1) } }}
            />
            <FormControlLabel
              control={<Switch checked={!!speach.metadata.unpublishAfterDueDate} disabled />}
              label={translate('admin.speaches.unpublishAfterDueDate')}
            />
          </Stack>
        </Box>
      )}
      <FormControlLabel
        control={<Switch checked={form.lockedSubchapters} onChange={(e) => set('lockedSubchapters', e.target.checked)} />}
        label={translate('admin.speaches.lockedSubchapters')}
      />
      <Box>
        <MuiButton
          type="submit"
          variant="contained"
          disabled={busy || !dirty || !!titleError}
          startIcon={busy ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {translate('ra.action.save')}
        </MuiButton>
      </Box>
      <Typography variant="subtitle2" component="h3">
        {translate('admin.speaches.preview')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <iframe
          src={`/play-embedded/${encodeURIComponent(speach.id)}?internalPreview=true`}
          width={PREVIEW.width}
          height={PREVIEW.height}
          title={translate('admin.speaches.previewTitle', { title: speach.title })}
          style={{ border: '1px solid rgba(0,0,0,0.12)', display: 'block' }}
          loading="lazy"
        />
      </Box>
    </Stack>
  );
}
