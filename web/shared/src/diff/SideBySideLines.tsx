import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { LineRow } from '../api';

/** Kept lines plain, added green, removed red, changed amber: the text stays the theme's primary colour (axe contrast). */
const TINT: Record<LineRow['kind'], string | undefined> = { same: undefined, added: 'success.light', removed: 'error.light', changed: 'warning.light' };

/**
 * One chapter's content before and after, line beside line (issue 23 item 3): the same table for the approver, the
 * versions page and the audit trail. Each app gives the words in its language.
 */
export function SideBySideLines({ lines, label, before, after }: { lines: LineRow[]; label: string; before: string; after: string }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{before}</TableCell>
          <TableCell>{after}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((row, index) => (
          <TableRow key={index} sx={{ bgcolor: TINT[row.kind] }}>
            <TableCell sx={{ color: 'text.primary' }}>{row.left ?? ''}</TableCell>
            <TableCell sx={{ color: 'text.primary' }}>{row.right ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
