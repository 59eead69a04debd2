import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../i18n';
import { SEARCH_DEBOUNCE_MS, SEARCH_TERM_MAX, debounce, searchAddress } from './search-rules';

/**
 * The app bar's search field (spec §2/§4): typing is debounced 500 ms, then the address becomes
 * `/?searchTerm={term}` (or `/` once cleared); Enter searches at once; the field follows the address.
 */
export function SearchField() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === '/' ? (params.get('searchTerm') ?? '') : '';
  const [value, setValue] = useState(current);

  useEffect(() => setValue(current), [current]);

  const go = useMemo(
    () =>
      debounce((term: string) => {
        const target = searchAddress(term);
        const { pathname, search } = window.location;
        const searching = pathname === '/' && new URLSearchParams(search).has('searchTerm');
        // Clearing the field only leaves a search; elsewhere it changes nothing.
        if (target === '/' && !searching) return;
        if (target === `${pathname}${search}`) return;
        // Typing replaces the search entry in the history instead of stacking one per word.
        navigate(target, { replace: searching });
      }, SEARCH_DEBOUNCE_MS),
    [navigate],
  );
  useEffect(() => () => go.cancel(), [go]);

  return (
    <TextField
      type="search"
      size="small"
      variant="outlined"
      value={value}
      placeholder={t('search.field')}
      onChange={(e) => {
        setValue(e.target.value);
        go(e.target.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') go.flush();
      }}
      slotProps={{
        htmlInput: { 'aria-label': t('search.field'), maxLength: SEARCH_TERM_MAX },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" sx={{ color: 'common.white' }} />
            </InputAdornment>
          ),
        },
      }}
      sx={{
        // The app bar's one elastic item: up to 260 px, shrinking first so the bell and the avatar stay on the line;
        // on a phone it takes a line of its own under the bar's icons.
        flex: { xs: '1 1 100%', md: '0 1 260px' },
        order: { xs: 1, md: 0 },
        minWidth: { xs: 0, md: 120 },
        '& .MuiOutlinedInput-root': { color: 'common.white', bgcolor: 'rgba(0,0,0,0.25)' },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.7)' },
        '& input::placeholder': { color: 'common.white', opacity: 1 },
      }}
    />
  );
}
