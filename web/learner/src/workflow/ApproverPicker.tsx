import { Autocomplete, Avatar, Box, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { useState } from 'react';
import { useDebouncedValue } from '../api/useDebouncedValue';
import { useI18n } from '../i18n';
import { SEARCH_DEBOUNCE_MS } from '../search/search-rules';
import type { ApproverChoice } from './workflowApi';
import { useApprovers } from './useWorkflow';

export interface PickedApprover extends ApproverChoice {
  role: string;
}

/** Moves the item at `from` to `to` (the drag and the keyboard buttons share it). */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * Spec §2 "Anonymous workflow submission": a multi-select of approver-role users and a numbered list
 * the author reorders by dragging (or with the up and down buttons), with each approver's role and removal.
 */
export function ApproverPicker({ value, onChange, error }: { value: PickedApprover[]; onChange: (next: PickedApprover[]) => void; error?: string }) {
  const { t } = useI18n();
  const [input, setInput] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  // The first approvers show at once (empty term); then one search per pause in typing. A failed search offers no one.
  const term = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const found = useApprovers(term);
  const options: ApproverChoice[] = found.data ?? [];

  const name = (a: ApproverChoice) => `${a.firstName} ${a.lastName}`.trim() || a.email;
  return (
    <Stack spacing={2}>
      <Autocomplete
        multiple
        options={options}
        value={value}
        filterSelectedOptions
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={name}
        onInputChange={(_, v) => setInput(v)}
        onChange={(_, picked) => onChange(picked.map((p) => value.find((v) => v.id === p.id) ?? { ...p, role: '' }))}
        renderTags={() => null}
        renderOption={(props, option) => (
          <li {...props} key={option.id}>
            <Avatar src={option.img ?? undefined} alt="" sx={{ width: 24, height: 24, mr: 1 }} />
            {name(option)}{' '}
            <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {option.email}
            </Typography>
          </li>
        )}
        renderInput={(params) => (
          <TextField {...params} label={t('workflow.submit.approvers')} error={!!error} helperText={error ?? t('workflow.submit.approversHelp')} />
        )}
      />
      {value.length > 0 && (
        <Box component="ol" aria-label={t('workflow.submit.order')} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="approver-list">
          {value.map((approver, index) => (
            <Paper
              component="li"
              key={approver.id}
              variant="outlined"
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) onChange(move(value, dragging, index));
                setDragging(null);
              }}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, mb: 1, opacity: dragging === index ? 0.5 : 1 }}
            >
              <DragIndicator aria-hidden="true" sx={{ cursor: 'grab', color: 'text.secondary' }} />
              <Typography sx={{ fontWeight: 700, minWidth: 24 }} aria-hidden="true">
                {index + 1}.
              </Typography>
              <Box sx={{ flex: 1, minWidth: 120 }}>
                <Typography variant="body2">{name(approver)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {approver.email}
                </Typography>
              </Box>
              <TextField
                size="small"
                label={t('workflow.submit.role', { name: name(approver) })}
                value={approver.role}
                onChange={(e) => onChange(value.map((v, i) => (i === index ? { ...v, role: e.target.value } : v)))}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <Tooltip title={t('workflow.submit.up')}>
                <span>
                  <IconButton
                    aria-label={t('workflow.submit.upNamed', { name: name(approver) })}
                    disabled={index === 0}
                    onClick={() => onChange(move(value, index, index - 1))}
                    size="small"
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('workflow.submit.down')}>
                <span>
                  <IconButton
                    aria-label={t('workflow.submit.downNamed', { name: name(approver) })}
                    disabled={index === value.length - 1}
                    onClick={() => onChange(move(value, index, index + 1))}
                    size="small"
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('workflow.submit.remove')}>
                <IconButton
                  aria-label={t('workflow.submit.removeNamed', { name: name(approver) })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  size="small"
                >
                  <Delete fontSize="small" />
                </IconButton>
              </Tooltip>
            </Paper>
          ))}
        </Box>
      )}
    </Stack>
  );
}
