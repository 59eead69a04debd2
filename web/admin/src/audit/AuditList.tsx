import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  InputAdornment,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@speach/web-shared/format';
import { type AuditedSpeach, auditApi, errorMessage } from './api';
import { ChainStatusCard } from './ChainStatusCard';

const PAGE = 20;

/** The auditor's entry point: the chain status and every speach, searched by title. */
export function AuditList() {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const [q, setQ] = useState('');
  const [rows, setRows] = useState<AuditedSpeach[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stale = false;
    setLoading(true);
    setError(null);
    const timer = setTimeout(async () => {
      try {
        const answer = await auditApi.speaches(q, page, PAGE);
        if (stale) return;
        setTotal(answer.total);
        setRows((current) => (page === 0 ? answer.result : [...current, ...answer.result]));
      } catch (e) {
        if (!stale) setError(errorMessage(e));
      } finally {
        if (!stale) setLoading(false);
      }
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [q, page]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('admin.audit.title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('admin.audit.title')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <ChainStatusCard />
      </Box>
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
            <TextField
              size="small"
              label={translate('admin.audit.search')}
              value={q}
              onChange={(e) => {
                setQ(e.target.value);
                setPage(0);
              }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon aria-hidden />
                    </InputAdornment>
                  ),
                },
              }}
            />
            {total !== null && (
              <Typography variant="body2" aria-live="polite" data-testid="audit-total" sx={{ whiteSpace: 'nowrap' }}>
                {translate('admin.audit.total', { smart_count: total })}
              </Typography>
            )}
          </Stack>
          {error && (
            <Alert severity="error">
              {translate('admin.audit.loadFailed')} {error}
            </Alert>
          )}
          {!error && total === 0 && !loading && <Typography color="text.secondary">{translate('admin.audit.empty')}</Typography>}
          {rows.length > 0 && (
            <Table size="small" aria-label={translate('admin.audit.speaches')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.audit.columns.title')}</TableCell>
                  <TableCell>{translate('admin.audit.columns.author')}</TableCell>
                  <TableCell>{translate('admin.audit.columns.state')}</TableCell>
                  <TableCell>{translate('admin.audit.columns.updatedAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} hover>
                    <TableCell>
                      <MuiLink component={Link} to={`/audit/${encodeURIComponent(row.id)}/show`}>
                        {row.title}
                      </MuiLink>
                    </TableCell>
                    <TableCell>{row.authorName ?? '—'}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={translate(
                          row.archived ? 'admin.audit.state.archived' : row.published ? 'admin.audit.state.published' : 'admin.audit.state.draft',
                        )}
                      />
                    </TableCell>
                    <TableCell>{formatDateTime(locale, row.updatedAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {loading && <CircularProgress size={24} sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />}
          {!loading && total !== null && rows.length < total && (
            <Button sx={{ mt: 2 }} onClick={() => setPage((p) => p + 1)}>
              {translate('admin.audit.more')}
            </Button>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
