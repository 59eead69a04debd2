import { Box, Link } from '@mui/material';
import { Fragment } from 'react';
import { useI18n } from '../i18n';
import { commentParts } from './comment-text';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** A comment as plain text with only links and line breaks (spec §5): React escapes everything else. */
export function CommentText({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <Box component="p" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {commentParts(text).map((part, index) => (
        <Fragment key={index}>
          {part.type === 'br' ? (
            <br />
          ) : part.type === 'link' ? (
            <Link href={part.href} target="_blank" rel="noopener noreferrer">
              {part.text}
              <Box component="span" sx={visuallyHidden}>
                {` ${t('engagement.comments.newTab')}`}
              </Box>
            </Link>
          ) : (
            part.text
          )}
        </Fragment>
      ))}
    </Box>
  );
}
