import { Alert, Box, Button as MuiButton, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import LinkIcon from '@mui/icons-material/Link';
import LockIcon from '@mui/icons-material/Lock';
import PublicIcon from '@mui/icons-material/Public';
import PushPinIcon from '@mui/icons-material/PushPin';
import RestoreIcon from '@mui/icons-material/Restore';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import CloseIcon from '@mui/icons-material/Close';
import { type ReactNode, useState } from 'react';
import {
  DateInput,
  FilterButton,
  FunctionField,
  InfiniteList,
  InfinitePagination,
  Datagrid,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { formatDate } from '@speach/web-shared/format';
import { errorMessage, speachApi, truncate, TITLE_MAX, useSpeachCategories } from './api';
import { BatchEditSpeachesButton } from './SpeachBulkActions';
import { SpeachPanel } from './SpeachPanel';
import { useStateChoices, useVisibilityChoices, useYesNoChoices } from './choices';
import { type SpeachCard, type Visibility, personName } from './types';

/** Spec §9: admin speach default state filter PUBLIE, sort last update, descending. */
export const DEFAULT_FILTER = { state: 'PUBLIE' };
const DEFAULT_SORT = { field: 'lastUpdatedDate', order: 'DESC' as const };
/** Spec §9: the admin lists load the next page 200 px before the end. */
const INFINITE_OPTIONS = { rootMargin: '0px 0px 200px 0px' };

const VISIBILITY_ICONS: Record<Visibility, typeof PublicIcon> = { PUBLIC: PublicIcon, PRIVE: LockIcon, SEMI_PRIVE: LinkIcon, RESTREINT: GroupIcon };

function TotalCount() {
  const { total } = useListContext();
  const translate = useTranslate();
  if (total === undefined) return null;
  return (
    <Typography variant="body2" sx={{ mr: 'auto', alignSelf: 'center' }} aria-live="polite" data-testid="speach-total">
      {translate('admin.speaches.total', { smart_count: total })}
    </Typography>
  );
}

function Actions() {
  return (
    <TopToolbar sx={{ width: '100%' }}>
      <TotalCount />
      <FilterButton />
    </TopToolbar>
  );
}

const FILTER_KEYS = [
  'searchTitle',
  'searchAuthor',
  'state',
  'visibilities',
  'categories',
  'inWorkflow',
  'pinnedOnHome',
  'periodicReview',
  'startDate',
  'endDate',
] as const;

/** The recap of the active filters, one removable chip each, and "Clear filters". */
function FilterChips() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const categories = useSpeachCategories();
  const yesNo = (v: unknown) => translate(v === true || v === 'true' ? 'ra.boolean.true' : 'ra.boolean.false');
  const describe = (key: string, value: unknown): string => {
    const values = Array.isArray(value) ? value : [value];
    switch (key) {
      case 'state':
        return translate(`admin.speaches.state.${value}`);
      case 'visibilities':
        return values.map((v) => translate(`admin.speaches.visibility.${v}`)).join(', ');
      case 'categories':
        return values.map((v) => categories.find((c) => c.id === v)?.name ?? String(v)).join(', ');
      case 'inWorkflow':
      case 'pinnedOnHome':
      case 'periodicReview':
        return yesNo(value);
      case 'startDate':
      case 'endDate':
        return formatDate(locale, `${value}T00:00:00`);
      default:
        return String(value);
    }
  };
  const active = FILTER_KEYS.filter((key) => {
    const value = filterValues?.[key];
    return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
  });
  if (active.length === 0) return null;
  const remove = (key: string) => {
    const { [key]: _removed, ...rest } = filterValues;
    setFilters(rest, displayedFilters);
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      flexWrap="wrap"
      alignItems="center"
      sx={{ px: 2, py: 1 }}
      role="group"
      aria-label={translate('admin.speaches.activeFilters')}
    >
      {active.map((key) => {
        const text = `${translate(`resources.speaches.fields.${key}`)}: ${describe(key, filterValues[key])}`;
        return <Chip key={key} size="small" label={text} onDelete={() => remove(key)} />;
      })}
      <MuiButton size="small" onClick={() => setFilters({}, displayedFilters)}>
        {translate('admin.speaches.clearFilters')}
      </MuiButton>
    </Stack>
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
            {translate('admin.speaches.retry')}
          </MuiButton>
        }
      >
        {translate('admin.speaches.loadFailed')} {errorMessage(error)}
      </Alert>
    );
  }
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} role="status">
      <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h6" component="p">
        {translate('admin.speaches.emptyTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('admin.speaches.emptyHelp')}
      </Typography>
      <MuiButton variant="outlined" onClick={() => setFilters({}, displayedFilters)}>
        {translate('admin.speaches.clearFilters')}
      </MuiButton>
    </Box>
  );
}

function TitleCell({ speach }: { speach: SpeachCard }) {
  const translate = useTranslate();
  const Icon = VISIBILITY_ICONS[speach.visibility] ?? PublicIcon;
  const title = speach.title ?? '';
  const titleText = (
    <Typography variant="body2" fontWeight={600} component="span" data-testid="speach-title" tabIndex={title.length > TITLE_MAX ? 0 : undefined}>
      {truncate(title)}
    </Typography>
  );
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Icon fontSize="small" color="action" titleAccess={translate(`admin.speaches.visibility.${speach.visibility}`)} />
      <Stack sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={0.5} alignItems="center" useFlexGap flexWrap="wrap">
          {title.length > TITLE_MAX ? <Tooltip title={title}>{titleText}</Tooltip> : titleText}
          {speach.isPinnedOnHome && <PushPinIcon fontSize="small" color="primary" titleAccess={translate('admin.speaches.pinned')} />}
          {speach.state === 'NON_PUBLIE' && <Chip size="small" variant="outlined" label={translate('admin.speaches.state.NON_PUBLIE')} />}
          {speach.state === 'ARCHIVE' && <Chip size="small" variant="outlined" label={translate('admin.speaches.state.ARCHIVE')} />}
          {speach.isTemplate && <Chip size="small" variant="outlined" label={translate('admin.speaches.template')} />}
          {speach.isWorkflowInProgress && <Chip size="small" variant="outlined" label={translate('admin.speaches.inWorkflow')} />}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {[personName(speach.authorsInfos?.author), speach.category?.name].filter(Boolean).join(' · ')}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** Archived speaches cannot open the side panel; their only action is restore (spec §2). */
function RestoreButton({ speach }: { speach: SpeachCard }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const restore = async () => {
    setBusy(true);
    try {
      await speachApi.restore(speach.id);
      notify('admin.speaches.restored', { type: 'success' });
      refresh();
    } catch (error) {
      notify(`${translate('admin.speaches.restoreFailed')}\n${errorMessage(error)}`, { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <MuiButton size="small" startIcon={<RestoreIcon />} onClick={restore} disabled={busy} aria-label={`${translate('admin.speaches.restore')} ${speach.title}`}>
      {translate('admin.speaches.restore')}
    </MuiButton>
  );
}

/** The bottom bar shown while speaches are selected (spec §2). */
function SelectionBar() {
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  if (!selectedIds?.length) return null;
  return (
    <Paper
      elevation={6}
      role="region"
      aria-label={translate('admin.speaches.selectionBar')}
      sx={{
        position: 'fixed',
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.appBar,
        px: 2,
        py: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Typography variant="body2" aria-live="polite">
        {translate('admin.speaches.selected', { smart_count: selectedIds.length })}
      </Typography>
      <BatchEditSpeachesButton />
      <MuiButton size="small" startIcon={<CloseIcon />} onClick={() => onUnselectItems()}>
        {translate('admin.speaches.deselect')}
      </MuiButton>
    </Paper>
  );
}

function ListBody({ children }: { children: ReactNode }) {
  return (
    <>
      <FilterChips />
      {children}
    </>
  );
}

/** Spec §2 "Admin speach list": filters with chips, total, infinite table, side panel, bottom bar and batch edit. */
export function SpeachList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const states = useStateChoices();
  const visibilities = useVisibilityChoices();
  const categories = useSpeachCategories();
  const yesNo = useYesNoChoices();
  const [panel, setPanel] = useState<string | null>(null);

  const filters = [
    <SearchInput
      key="searchTitle"
      source="searchTitle"
      alwaysOn
      placeholder={translate('resources.speaches.fields.searchTitle')}
      aria-label={translate('resources.speaches.fields.searchTitle')}
    />,
    <TextInput key="searchAuthor" source="searchAuthor" alwaysOn />,
    <SelectInput key="state" source="state" choices={states} alwaysOn emptyText="admin.speaches.allStates" sx={{ minWidth: 160 }} />,
    <SelectArrayInput key="visibilities" source="visibilities" choices={visibilities} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectArrayInput key="categories" source="categories" choices={categories} alwaysOn sx={{ minWidth: 160 }} />,
    <SelectInput key="inWorkflow" source="inWorkflow" choices={yesNo} />,
    <SelectInput key="pinnedOnHome" source="pinnedOnHome" choices={yesNo} />,
    <SelectInput key="periodicReview" source="periodicReview" choices={yesNo} />,
    <DateInput key="startDate" source="startDate" />,
    <DateInput key="endDate" source="endDate" />,
  ];

  return (
    <>
      <InfiniteList
        resource="speaches"
        filters={filters}
        filterDefaultValues={DEFAULT_FILTER}
        actions={<Actions />}
        sort={DEFAULT_SORT}
        perPage={20}
        pagination={<InfinitePagination options={INFINITE_OPTIONS} />}
        title="admin.menu.speaches"
        sx={{ pb: 10 }}
      >
        <ListBody>
          <Datagrid
            bulkActionButtons
            bulkActionsToolbar={<SelectionBar />}
            rowClick={false}
            empty={<EmptyPanel />}
            sx={{
              '& th:first-of-type, & td:first-of-type': { width: 55 },
              '& .column-title': { width: 500 },
              '& .column-lastUpdatedDate': { width: 150 },
              '& .column-id': { width: 50 },
            }}
          >
            <FunctionField source="title" label="resources.speaches.fields.title" render={(s: SpeachCard) => <TitleCell speach={s} />} />
            <FunctionField
              source="lastUpdatedDate"
              label="resources.speaches.fields.lastUpdatedDate"
              render={(s: SpeachCard) => formatDate(locale, s.lastUpdatedTimestamp ?? s.lastUpdatedDate)}
            />
            <FunctionField
              source="id"
              sortable={false}
              label="admin.speaches.action"
              render={(s: SpeachCard) =>
                s.state === 'ARCHIVE' ? (
                  <RestoreButton speach={s} />
                ) : (
                  <IconButton aria-label={`${translate('admin.speaches.edit')} ${s.title}`} onClick={() => setPanel(s.id)} size="small">
                    <EditIcon fontSize="small" />
                  </IconButton>
                )
              }
            />
          </Datagrid>
        </ListBody>
      </InfiniteList>
      <SpeachPanel id={panel} onClose={() => setPanel(null)} />
    </>
  );
}
