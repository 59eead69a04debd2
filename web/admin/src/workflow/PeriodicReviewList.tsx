import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import GroupIcon from '@mui/icons-material/Group';
import LinkIcon from '@mui/icons-material/Link';
import LockIcon from '@mui/icons-material/Lock';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PublicIcon from '@mui/icons-material/Public';
import PushPinIcon from '@mui/icons-material/PushPin';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../providers/httpClient';
import { GroupsPicker, UsersPicker } from '../speaches/Pickers';
import type { PeriodicReviewPage, PeriodicReviewRow } from '@speach/web-shared/api';
import { formatDate } from '@speach/web-shared/format';
import { errorMessage, speachApi, truncate, useSpeachGroups } from '../speaches/api';
import { type Named, type Person, type Visibility, personName } from '../speaches/types';

type Action = '' | 'WAITING' | 'REVISION_NEEDED' | 'ARCHIVE';
interface Filters {
  searchTitle: string;
  searchAuthor: string;
  periodicReviewAction: Action;
  startDate: string;
  endDate: string;
  startDateReview: string;
  endDateReview: string;
}
const EMPTY_FILTERS: Filters = {
  searchTitle: '',
  searchAuthor: '',
  periodicReviewAction: '',
  startDate: '',
  endDate: '',
  startDateReview: '',
  endDateReview: '',
};

type ReviewRow = PeriodicReviewRow;

const VISIBILITY_ICONS: Record<Visibility, typeof PublicIcon> = { PUBLIC: PublicIcon, PRIVE: LockIcon, SEMI_PRIVE: LinkIcon, RESTREINT: GroupIcon };
/** Spec §9: search debounce 500 ms; admin lists load the next page 200 px before the end. */
const DEBOUNCE_MS = 500;
const ROOT_MARGIN = '0px 0px 200px 0px';

function ReviewersDialog({ row, onClose, onSaved }: { row: ReviewRow; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const groupOptions = useSpeachGroups();
  const [users, setUsers] = useState<Person[]>(row.metadata.periodicReviewUsers ?? []);
  const [groups, setGroups] = useState<Named[]>(row.metadata.periodicReviewGroups ?? []);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await speachApi.updateReviewers(
        row.id,
        users.map((u) => u.id),
        groups.map((g) => g.id),
      );
      notify('admin.workflow.reviewers.saved', { type: 'success' });
      onSaved();
    } catch (error) {
      notify('admin.workflow.reviewers.failed', { type: 'error', messageArgs: { title: row.title, reason: errorMessage(error) } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reviewers-title">
      <DialogTitle id="reviewers-title">{translate('admin.workflow.reviewers.title', { title: truncate(row.title) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <UsersPicker id="review-users" label={translate('admin.workflow.reviewers.users')} role="APPROVER" value={users} onChange={setUsers} />
          <GroupsPicker id="review-groups" label={translate('admin.workflow.reviewers.groups')} value={groups} options={groupOptions} onChange={setGroups} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /admin.listspeach/listperiodicreviews (spec §2 "Admin periodic-review list"): filters with chips and
 * Clear filters, the count, an infinite-scroll table of the speaches whose review falls within the
 * next 6 months, and the manage-reviewers dialog. Any filter change resets the list and reloads it.
 */
export function PeriodicReviewList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [typed, setTyped] = useState({ searchTitle: '', searchAuthor: '' });
  const [rows, setRows] = useState<ReviewRow[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<ReviewRow | null>(null);
  const sentinel = useRef<HTMLTableRowElement | null>(null);

  // The text filters follow the typing after the debounce.
  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((f) => (f.searchTitle === typed.searchTitle && f.searchAuthor === typed.searchAuthor ? f : { ...f, ...typed })),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [typed]);

  // Any filter change: back to the first page, list emptied.
  useEffect(() => {
    setRows([]);
    setTotal(null);
    setPage(0);
  }, [filters, reload]);

  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ page: String(page) });
    for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
    setLoading(true);
    setError(null);
    apiCall<PeriodicReviewPage>(`/api/v2/admin/periodic-reviews?${query}`)
      .then((answer) => {
        if (!live) return;
        setRows((current) => (page === 0 ? answer.result : [...current, ...answer.result.filter((r) => !current.some((c) => c.id === r.id))]));
        setTotal(answer.total);
      })
      .catch((e) => live && setError(errorMessage(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [filters, page, reload]);

  const hasMore = total !== null && rows.length < total;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setPage((p) => p + 1), { rootMargin: ROOT_MARGIN });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, rows.length]);

  const chips = useMemo(() => {
    const out: { key: keyof Filters; label: string }[] = [];
    const name = (key: keyof Filters) => translate(`admin.workflow.filters.${key}`);
    for (const key of Object.keys(filters) as (keyof Filters)[]) {
      const value = filters[key];
      if (!value) continue;
      out.push({ key, label: `${name(key)}: ${key === 'periodicReviewAction' ? translate(`admin.workflow.action.${value}`) : value}` });
    }
    return out;
  }, [filters, translate]);
  const setFilter = (key: keyof Filters, value: string) => {
    if (key === 'searchTitle' || key === 'searchAuthor') setTyped((t) => ({ ...t, [key]: value }));
    else setFilters((f) => ({ ...f, [key]: value }));
  };
  const clearOne = (key: keyof Filters) => {
    if (key === 'searchTitle' || key === 'searchAuthor') setTyped((t) => ({ ...t, [key]: '' }));
    setFilters((f) => ({ ...f, [key]: '' }));
  };
  const clearAll = () => {
    setTyped({ searchTitle: '', searchAuthor: '' });
    setFilters(EMPTY_FILTERS);
  };
  const dateField = (key: keyof Filters) => (
    <TextField
      type="date"
      size="small"
      label={translate(`admin.workflow.filters.${key}`)}
      value={filters[key]}
      onChange={(e) => setFilter(key, e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <Box sx={{ p: 2 }}>
      <Title title="admin.workflow.reviews.title" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('admin.workflow.reviews.title')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 2 }}
        component="form"
        role="search"
        aria-label={translate('admin.workflow.reviews.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          <TextField
            size="small"
            label={translate('admin.workflow.filters.searchTitle')}
            value={typed.searchTitle}
            onChange={(e) => setFilter('searchTitle', e.target.value)}
          />
          <TextField
            size="small"
            label={translate('admin.workflow.filters.searchAuthor')}
            value={typed.searchAuthor}
            onChange={(e) => setFilter('searchAuthor', e.target.value)}
          />
          <TextField
            select
            size="small"
            sx={{ minWidth: 200 }}
            label={translate('admin.workflow.filters.periodicReviewAction')}
            value={filters.periodicReviewAction}
            onChange={(e) => setFilter('periodicReviewAction', e.target.value)}
          >
            <MenuItem value="">{translate('admin.workflow.action.ALL')}</MenuItem>
            {(['WAITING', 'REVISION_NEEDED', 'ARCHIVE'] as const).map((a) => (
              <MenuItem key={a} value={a}>
                {translate(`admin.workflow.action.${a}`)}
              </MenuItem>
            ))}
          </TextField>
          {dateField('startDate')}
          {dateField('endDate')}
          {dateField('startDateReview')}
          {dateField('endDateReview')}
        </Box>
      </Paper>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1, minHeight: 32 }}>
        <Typography variant="body2" aria-live="polite" data-testid="review-total" sx={{ mr: 1 }}>
          {total === null ? translate('ra.page.loading') : translate('admin.workflow.reviews.total', { smart_count: total })}
        </Typography>
        {chips.map((chip) => (
          <Chip key={chip.key} size="small" label={chip.label} onDelete={() => clearOne(chip.key)} />
        ))}
        {chips.length > 0 && (
          <Button size="small" onClick={clearAll}>
            {translate('admin.workflow.reviews.clear')}
          </Button>
        )}
      </Stack>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setReload((n) => n + 1)}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      {total === 0 && !loading ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>{translate('admin.workflow.reviews.empty')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label={translate('admin.workflow.reviews.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.workflow.columns.title')}</TableCell>
                <TableCell>{translate('admin.workflow.columns.author')}</TableCell>
                <TableCell>{translate('admin.workflow.columns.date')}</TableCell>
                <TableCell>{translate('admin.workflow.columns.nextReview')}</TableCell>
                <TableCell>{translate('admin.workflow.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const Icon = VISIBILITY_ICONS[row.visibility] ?? PublicIcon;
                return (
                  <TableRow key={row.id} hover data-testid="review-row">
                    <TableCell>
                      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                        <Tooltip title={translate(`admin.speaches.visibility.${row.visibility}`)}>
                          <Icon fontSize="small" aria-label={translate(`admin.speaches.visibility.${row.visibility}`)} />
                        </Tooltip>
                        <Tooltip title={row.title}>
                          <Typography variant="body2">{truncate(row.title)}</Typography>
                        </Tooltip>
                        {row.isPinnedOnHome && <PushPinIcon fontSize="small" color="primary" aria-label={translate('admin.workflow.columns.pinned')} />}
                        {row.isWorkflowInProgress && (
                          <Chip
                            size="small"
                            color={row.wf_state === 'REJECTED' ? 'error' : 'info'}
                            label={translate('admin.workflow.columns.inWorkflow', { step: row.wf_step ?? 0, total: row.wf_total_step ?? 0 })}
                          />
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell>{personName(row.authorsInfos?.author)}</TableCell>
                    <TableCell>{formatDate(locale, row.lastUpdatedTimestamp)}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} alignItems="center">
                        <span>{formatDate(locale, row.review.nextReviewAt)}</span>
                        {row.review.urgent && row.review.status === 'SCHEDULED' && (
                          <Chip
                            size="small"
                            color="error"
                            label={translate(
                              row.review.nextReviewAt && Date.parse(row.review.nextReviewAt) < Date.now()
                                ? 'admin.workflow.reviews.overdue'
                                : 'admin.workflow.reviews.urgent',
                            )}
                          />
                        )}
                        {row.review.status !== 'SCHEDULED' && (
                          <Chip size="small" variant="outlined" label={translate(`admin.workflow.action.${row.review.status}`)} />
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <Tooltip title={translate('admin.workflow.reviewers.manage')}>
                        <IconButton
                          aria-label={translate('admin.workflow.reviewers.manageNamed', { title: truncate(row.title) })}
                          onClick={() => setEditing(row)}
                          size="small"
                        >
                          <ManageAccountsIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={translate('admin.workflow.reviews.open')}>
                        <IconButton
                          component="a"
                          href={`/workflow/validator/${row.id}`}
                          target="_blank"
                          rel="noopener"
                          aria-label={translate('admin.workflow.reviews.openNamed', { title: truncate(row.title) })}
                          size="small"
                        >
                          <OpenInNewIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
              <TableRow ref={sentinel} aria-hidden={!loading}>
                <TableCell colSpan={5} sx={{ border: 0, textAlign: 'center', p: loading ? 2 : 0 }}>
                  {loading && <CircularProgress size={20} aria-label={translate('ra.page.loading')} />}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Paper>
      )}
      {editing && (
        <ReviewersDialog
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setReload((n) => n + 1);
          }}
        />
      )}
    </Box>
  );
}
