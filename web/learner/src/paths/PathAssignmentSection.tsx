import { Autocomplete, Avatar, Box, Checkbox, Chip, CircularProgress, FormControlLabel, IconButton, Link, Stack, TextField, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../api/useDebouncedValue';
import type { UserResult } from '../cards/cardsApi';
import { useI18n } from '../i18n';
import { SEARCH_DEBOUNCE_MS } from '../search/search-rules';
import { ErrorState } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { dateInputValue } from './path-rules';
import type { Path } from './pathsApi';
import { usePathGroups, useUserSearch } from './usePaths';

interface Props {
  path: Path;
  busy: boolean;
  /** `dueDate` (YYYY-MM-DD) or null: assigning again with another date changes it. */
  onGroup: (groupId: string, add: boolean, dueDate: string | null) => void;
  onUser: (userId: string, add: boolean, dueDate: string | null) => void;
}

/** Spec §2 assignment: groups as checkboxes (managed at /administration/listGroupe) and users by remote search, each with an optional due date. */
export function PathAssignmentSection({ path, busy, onGroup, onUser }: Props) {
  const { t } = useI18n();
  const groupsQuery = usePathGroups(path.pathId);
  const groups = groupsQuery.data ?? null;
  const groupsError = groupsQuery.error ? errorMessage(groupsQuery.error) : null;

  const assigned = new Map(path.assignment.groups.map((g) => [g.id, g]));
  return (
    <Stack spacing={3}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('path.assignment.groups')}
        </Typography>
        {groupsError && <ErrorState message={groupsError} onRetry={() => void groupsQuery.refetch()} />}
        {!groups && !groupsError && <CircularProgress size={20} aria-label={t('path.common.loading')} />}
        {groups && groups.length === 0 && <Typography>{t('path.assignment.noGroups')}</Typography>}
        {groups && groups.length > 0 && (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, columnGap: 3 }}>
            {groups.map((group) => {
              const assignment = assigned.get(group.id);
              return (
                <Box component="li" key={group.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 48, flexWrap: 'wrap' }}>
                  <FormControlLabel
                    sx={{ flex: 1, minWidth: 180 }}
                    control={<Checkbox checked={!!assignment} disabled={busy} onChange={(e) => onGroup(group.id, e.target.checked, null)} />}
                    label={group.name}
                  />
                  {assignment && (
                    <DueDateField
                      label={t('path.assignment.due')}
                      name={t('path.assignment.dueFor', { name: group.name })}
                      value={assignment.dueDate}
                      disabled={busy}
                      onChange={(date) => onGroup(group.id, true, date)}
                    />
                  )}
                </Box>
              );
            })}
          </Box>
        )}
        <Link href="/administration/listGroupe" variant="body2">
          {t('path.assignment.manageGroups')}
        </Link>
      </Box>
      <UserAssignment path={path} busy={busy} onUser={onUser} />
    </Stack>
  );
}

/** A due date field that sends its value once a whole date is entered, or null once cleared. */
function DueDateField({
  label,
  name,
  value,
  disabled,
  onChange,
}: {
  label: string;
  name: string;
  value: string | null;
  disabled: boolean;
  onChange: (date: string | null) => void;
}) {
  const current = dateInputValue(value);
  const [draft, setDraft] = useState(current);
  useEffect(() => setDraft(current), [current]);
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={draft}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => draft !== current && (draft === '' || /^\d{4}-\d{2}-\d{2}$/.test(draft)) && onChange(draft || null)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': name } }}
      sx={{ width: 180 }}
    />
  );
}

/** Users found by a remote search (500 ms debounce, 10 per request); each pick assigns at once. */
function UserAssignment({ path, busy, onUser }: { path: Path; busy: boolean; onUser: Props['onUser'] }) {
  const { t } = useI18n();
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const found = useUserSearch(term);
  // A failed search offers no one; an emptied field forgets the last answer at once.
  const options: UserResult[] = input.trim() ? (found.data ?? []) : [];
  const loading = found.isFetching;

  const assignedIds = new Set(path.assignment.users.map((u) => u.userID));
  const name = (u: { firstName: string; lastName: string; email?: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email || '';
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('path.assignment.users')}
      </Typography>
      <Autocomplete
        options={options.filter((o) => !assignedIds.has(o.id))}
        value={null}
        inputValue={input}
        onInputChange={(_, value, reason) => reason !== 'reset' && setInput(value)}
        filterOptions={(x) => x}
        loading={loading}
        disabled={busy}
        getOptionLabel={(o) => name(o)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={input.trim() ? t('path.assignment.noUser') : t('path.assignment.typeToSearch')}
        loadingText={t('path.common.loading')}
        onChange={(_, picked) => {
          if (picked) {
            onUser(picked.id, true, null);
            setInput('');
          }
        }}
        renderOption={(props, option) => (
          <li {...props} key={option.id}>
            <Avatar src={option.img ?? undefined} alt="" sx={{ width: 24, height: 24, mr: 1 }} />
            {name(option)}
            <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {option.email}
            </Typography>
          </li>
        )}
        renderInput={(params) => <TextField {...params} label={t('path.assignment.searchUser')} />}
        sx={{ maxWidth: 480 }}
      />
      {path.assignment.users.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('path.assignment.noUserAssigned')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('path.assignment.assignedUsers')} sx={{ listStyle: 'none', p: 0, mt: 1 }}>
          {path.assignment.users.map((user) => (
            <Box
              component="li"
              key={user.userID}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}
              data-testid="path-assigned-user"
            >
              <Chip avatar={<Avatar src={user.img ?? undefined} alt="" />} label={name(user)} />
              <DueDateField
                label={t('path.assignment.due')}
                name={t('path.assignment.dueFor', { name: name(user) })}
                value={user.dueDate}
                disabled={busy}
                onChange={(date) => onUser(user.userID, true, date)}
              />
              <IconButton
                size="small"
                aria-label={t('path.assignment.unassign', { name: name(user) })}
                disabled={busy}
                onClick={() => onUser(user.userID, false, null)}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
