import { Alert, Avatar, Box, Button as MuiButton, Chip, IconButton, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import RouteIcon from '@mui/icons-material/Route';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  InfiniteList,
  InfinitePagination,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { formatDate } from '@speach/web-shared/format';
import { errorMessage, truncate } from '../speaches/api';
import { type AdminPath, PATH_STATES, RESOURCE } from './api';
import { LearningPathPanel } from './LearningPathPanel';

const DEFAULT_SORT = { field: 'updatedAt', order: 'DESC' as const };
/** Spec §9: the admin lists load the next page 200 px before the end. */
const INFINITE_OPTIONS = { rootMargin: '0px 0px 200px 0px' };

function Actions() {
  const { total } = useListContext();
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ width: '100%' }}>
      <Typography variant="body2" sx={{ mr: 'auto', alignSelf: 'center' }} aria-live="polite" data-testid="path-total">
        {total === undefined ? '' : translate('admin.paths.total', { smart_count: total })}
      </Typography>
    </TopToolbar>
  );
}

/** Empty state, or the error state when the list could not be loaded. */
function EmptyPanel() {
  const { error, refetch, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  if (error) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <MuiButton color="inherit" size="small" onClick={() => refetch()}>
            {translate('admin.paths.retry')}
          </MuiButton>
        }
      >
        {translate('admin.paths.loadFailed')} {errorMessage(error)}
      </Alert>
    );
  }
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} role="status">
      <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h6" component="p">
        {translate('admin.paths.empty')}
      </Typography>
      <MuiButton variant="outlined" onClick={() => setFilters({}, displayedFilters)} sx={{ mt: 2 }}>
        {translate('admin.paths.clearFilters')}
      </MuiButton>
    </Box>
  );
}

function TitleCell({ path }: { path: AdminPath }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1.5} alignItems="center">
      <Avatar variant="rounded" src={path.image ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
        <RouteIcon fontSize="small" />
      </Avatar>
      <Stack sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={0.5} alignItems="center" useFlexGap flexWrap="wrap">
          <Typography variant="body2" fontWeight={600} component="span" title={path.title}>
            {truncate(path.title)}
          </Typography>
          {path.state !== 'PUBLIE' && <Chip size="small" variant="outlined" label={translate(`admin.paths.state.${path.state}`)} />}
          {path.sequential && <Chip size="small" variant="outlined" label={translate('admin.paths.sequential')} />}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {[`${path.user.firstName} ${path.user.lastName}`.trim(), translate('admin.paths.speaches', { smart_count: path.speachCount })]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** Issue 18 back office: the learning paths, filtered by title, owner and state, with a side panel to archive. */
export function LearningPathList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [panel, setPanel] = useState<AdminPath | null>(null);
  const states = PATH_STATES.map((id) => ({ id, name: translate(`admin.paths.state.${id}`) }));
  const filters = [
    <SearchInput
      key="title"
      source="title"
      alwaysOn
      placeholder={translate('resources.learning-paths.fields.title')}
      aria-label={translate('resources.learning-paths.fields.title')}
    />,
    <TextInput key="owner" source="owner" alwaysOn />,
    <SelectInput key="state" source="state" choices={states} alwaysOn emptyText="admin.paths.allStates" sx={{ minWidth: 160 }} />,
  ];
  return (
    <>
      <InfiniteList
        resource={RESOURCE}
        filters={filters}
        actions={<Actions />}
        sort={DEFAULT_SORT}
        perPage={20}
        pagination={<InfinitePagination options={INFINITE_OPTIONS} />}
        title="admin.menu.paths"
      >
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyPanel />} sx={{ '& .column-title': { width: 480 } }}>
          <FunctionField source="title" label="resources.learning-paths.fields.title" render={(p: AdminPath) => <TitleCell path={p} />} />
          <FunctionField
            source="groups"
            sortable={false}
            label="resources.learning-paths.fields.groups"
            render={(p: AdminPath) =>
              [
                p.assignment.groups.map((g) => g.name).join(', '),
                p.assignment.userCount ? translate('admin.paths.users', { smart_count: p.assignment.userCount }) : '',
              ]
                .filter(Boolean)
                .join(' · ')
            }
          />
          <FunctionField source="updatedAt" label="resources.learning-paths.fields.updatedAt" render={(p: AdminPath) => formatDate(locale, p.updatedAt)} />
          <FunctionField
            source="id"
            sortable={false}
            label="admin.paths.action"
            render={(p: AdminPath) => (
              <IconButton aria-label={translate('admin.paths.openPanel', { title: p.title })} onClick={() => setPanel(p)} size="small">
                <EditIcon fontSize="small" />
              </IconButton>
            )}
          />
        </Datagrid>
      </InfiniteList>
      <LearningPathPanel path={panel} onClose={() => setPanel(null)} />
    </>
  );
}
