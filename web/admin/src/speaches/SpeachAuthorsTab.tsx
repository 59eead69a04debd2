import { Box, Button as MuiButton, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { errorMessage, speachApi, useSpeachGroups } from './api';
import { GroupsPicker, UserPicker, UsersPicker } from './Pickers';
import type { Named, Person, SpeachCard } from './types';

const sameIds = (a: { id: string }[], b: { id: string }[]) => a.length === b.length && a.every((x) => b.some((y) => y.id === x.id));

/**
 * The Authors tab (spec §2, §6): the author and co-editors are picked among author-role (FORMATEUR) users;
 * co-editor groups; periodic reviewers (users and groups).
 */
export function SpeachAuthorsTab({ speach }: { speach: SpeachCard }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const groups = useSpeachGroups();
  const start = {
    author: speach.authorsInfos?.author ?? null,
    coEditors: speach.authorsInfos?.coEditors ?? [],
    coGroups: speach.authorsInfos?.coEditorGroups ?? [],
    reviewers: speach.metadata?.periodicReviewUsers ?? [],
    reviewerGroups: speach.metadata?.periodicReviewGroups ?? [],
  };
  const [author, setAuthor] = useState<Person | null>(start.author);
  const [coEditors, setCoEditors] = useState<Person[]>(start.coEditors);
  const [coGroups, setCoGroups] = useState<Named[]>(start.coGroups);
  const [reviewers, setReviewers] = useState<Person[]>(start.reviewers);
  const [reviewerGroups, setReviewerGroups] = useState<Named[]>(start.reviewerGroups);
  const [busy, setBusy] = useState(false);

  const authorChanged = !!author && author.id !== (start.author?.id ?? speach.authorId);
  const coEditorsChanged = !sameIds(coEditors, start.coEditors);
  const coGroupsChanged = !sameIds(coGroups, start.coGroups);
  const reviewersChanged = !sameIds(reviewers, start.reviewers) || !sameIds(reviewerGroups, start.reviewerGroups);
  const dirty = authorChanged || coEditorsChanged || coGroupsChanged || reviewersChanged;

  async function save() {
    setBusy(true);
    let changedSomething = false;
    try {
      if (authorChanged && author) {
        try {
          await speachApi.update({ speachID: speach.id, ...(speach.version !== undefined ? { version: speach.version } : {}), authorId: author.id });
          changedSomething = true;
        } catch (error) {
          notify(`${translate('admin.speaches.updateFailed')}\n${errorMessage(error)}`, { type: 'error', multiLine: true });
          return;
        }
      }
      // Co-author and group update failures show the server's error (spec §8).
      try {
        if (coEditorsChanged) {
          await speachApi.updateCoEditors(
            speach.id,
            coEditors.map((u) => u.id),
          );
          changedSomething = true;
        }
        if (coGroupsChanged) {
          await speachApi.updateCoGroups(
            speach.id,
            coGroups.map((g) => g.id),
          );
          changedSomething = true;
        }
      } catch (error) {
        notify(errorMessage(error), { type: 'error' });
        return;
      }
      if (reviewersChanged) {
        try {
          await speachApi.updateReviewers(
            speach.id,
            reviewers.map((u) => u.id),
            reviewerGroups.map((g) => g.id),
          );
          changedSomething = true;
        } catch (error) {
          // Spec §8: the reviewers' failure names the speach.
          notify(`${translate('admin.speaches.batchFailed')}\n${speach.title}: ${errorMessage(error)}`, { type: 'error', multiLine: true });
          return;
        }
      }
      notify('admin.speaches.updated', { type: 'success' });
    } finally {
      setBusy(false);
      if (changedSomething) refresh();
    }
  }

  return (
    <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), void save())} noValidate>
      <UserPicker
        id="speach-author"
        label={translate('resources.speaches.fields.author')}
        role="FORMATEUR"
        value={author}
        onChange={setAuthor}
        required
        helperText={translate('admin.speaches.authorHelp')}
      />
      <UsersPicker id="speach-co-editors" label={translate('resources.speaches.fields.coEditors')} role="FORMATEUR" value={coEditors} onChange={setCoEditors} />
      <GroupsPicker
        id="speach-co-groups"
        label={translate('resources.speaches.fields.coEditorGroups')}
        value={coGroups}
        options={groups}
        onChange={setCoGroups}
      />
      <Typography variant="subtitle2" component="h3">
        {translate('admin.speaches.periodicReview')}
      </Typography>
      <UsersPicker id="speach-reviewers" label={translate('resources.speaches.fields.reviewers')} value={reviewers} onChange={setReviewers} />
      <GroupsPicker
        id="speach-reviewer-groups"
        label={translate('resources.speaches.fields.reviewerGroups')}
        value={reviewerGroups}
        options={groups}
        onChange={setReviewerGroups}
      />
      <Box>
        <MuiButton type="submit" variant="contained" disabled={busy || !dirty} startIcon={busy ? <CircularProgress size={16} aria-hidden /> : undefined}>
          {translate('ra.action.save')}
        </MuiButton>
      </Box>
    </Stack>
  );
}
