import { Box, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useState } from 'react';
import { useI18n } from '../i18n';
import type { DocumentPage, FileData } from './aiApi';

function imageSource(b64: string, mime: string | null | undefined): string {
  return b64.startsWith('data:') ? b64 : `data:${mime ?? 'image/png'};base64,${b64}`;
}

/** The source pages of one sub-chapter, one at a time, from the uploaded files' page images. */
export function PageCarousel({ pages, files }: { pages: DocumentPage[]; files: Map<string, FileData> }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  if (pages.length === 0) return null;
  const current = pages[Math.min(index, pages.length - 1)];
  const page = files.get(current.jobID)?.pages.find((p) => p.pageNumber === current.pageNumber);
  const image = page?.imageB64;
  const caption = t('ai.plan.pageOf', { page: current.pageNumber, name: current.documentName });

  return (
    <Stack direction="row" alignItems="center" spacing={1} role="group" aria-roledescription={t('ai.plan.carousel')} aria-label={t('ai.plan.sourcePages')}>
      <IconButton aria-label={t('ai.plan.previousPage')} disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
        <ChevronLeft />
      </IconButton>
      <Box component="figure" sx={{ m: 0, textAlign: 'center' }}>
        {image ? (
          <Box
            component="img"
            src={imageSource(image, page?.imageMime)}
            alt={caption}
            sx={{ maxHeight: 180, maxWidth: '100%', border: 1, borderColor: 'divider', bgcolor: 'common.white' }}
          />
        ) : (
          <Box sx={{ height: 120, width: 90, border: 1, borderColor: 'divider', display: 'grid', placeItems: 'center', mx: 'auto' }}>
            <Typography variant="caption" color="text.secondary">
              {t('ai.plan.noImage')}
            </Typography>
          </Box>
        )}
        <Typography component="figcaption" variant="caption" display="block" aria-live="polite">
          {caption} ({index + 1}/{pages.length})
        </Typography>
      </Box>
      <IconButton aria-label={t('ai.plan.nextPage')} disabled={index >= pages.length - 1} onClick={() => setIndex((i) => i + 1)}>
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}
