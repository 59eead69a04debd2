import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { speachApi } from './api';
import { type Named, type Person, personName } from './types';

/** Spec §7: the admin picker searches with a 500 ms debounce. */
const DEBOUNCE_MS = 500;

/** Users found by a remote search, either any active user or only those of a role (authors: FORMATEUR). */
function useUserSearch(open: boolean, term: string, role?: string) {
  const [options, setOptions] = useState<Person[]>([]);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);
  useEffect(() => {
    if (!open) return;
    const id = ++request.current;
    setLoading(true);
    const timer = setTimeout(
      () => {
        (role ? speachApi.usersByRole(role, term) : speachApi.searchUsers(term))
          .then((users) => id === request.current && setOptions(users))
          .catch(() => id === request.current && setOptions([]))
          .finally(() => id === request.current && setLoading(false));
      },
      term ? DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [open, term, role]);
  return { options, loading };
}

const label = (p: Person) => `${personName(p)}${p.email ? ` (${p.email})` : ''}`;

interface UserPickerBase {
  label: string;
  /** Restrict to the users of a role (spec §6: author pickers take FORMATEUR users only). */
  role?: string;
  helperText?: string;
  id: string;
}

export function UsersPicker({ value, onChange, ...props }: UserPickerBase & { value: Person[]; onChange: (users: Person[]) => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const { options, loading } = useUserSearch(open, term, props.role);
  return (
    <Autocomplete
      id={props.id}
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      loading={loading}
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, users) => onChange(users)}
      onInputChange={(_, text, reason) => reason !== 'reset' && setTerm(text)}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('admin.speaches.noUserFound')}
      renderInput={(params) => <TextField {...params} label={props.label} helperText={props.helperText} />}
      slotProps={{ chip: { size: 'small' } }}
    />
  );
}

export function UserPicker({
  value,
  onChange,
  ...props
}: UserPickerBase & { value: Person | null; onChange: (user: Person | null) => void; required?: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const { options, loading } = useUserSearch(open, term, props.role);
  return (
    <Autocomplete
      id={props.id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      loading={loading}
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, user) => onChange(user)}
      onInputChange={(_, text, reason) => reason === 'input' && setTerm(text)}
      disableClearable={props.required}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('admin.speaches.noUserFound')}
      renderInput={(params) => <TextField {...params} label={props.label} helperText={props.helperText} />}
    />
  );
}

export function GroupsPicker({
  id,
  label: text,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: Named[];
  options: Named[];
  onChange: (groups: Named[]) => void;
}) {
  const translate = useTranslate();
  return (
    <Autocomplete
      id={id}
      multiple
      options={options}
      value={value}
      getOptionLabel={(g) => g.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, groups) => onChange(groups)}
      noOptionsText={translate('admin.speaches.noGroupFound')}
      renderInput={(params) => <TextField {...params} label={text} />}
      slotProps={{ chip: { size: 'small' } }}
    />
  );
}
