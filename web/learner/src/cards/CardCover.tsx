import { Box } from '@mui/material';
import { coverColour, coverInitials } from './cover';

/** The card's picture at the card ratio (16:9): the speach's image, or its generated cover. */
export function CardCover({
  img,
  cover,
  title,
  category,
}: {
  img: string | null;
  /** An uploaded cover's three WebP sizes: the browser picks by the displayed width. */
  cover?: { small: string; medium: string; large: string } | null;
  title: string;
  category: { id: string; name: string } | null;
}) {
  if (cover) {
    return (
      <Box
        component="img"
        src={cover.medium}
        srcSet={`${cover.small} 320w, ${cover.medium} 640w, ${cover.large} 1280w`}
        sizes="(max-width: 600px) 100vw, 400px"
        alt=""
        loading="lazy"
        sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
      />
    );
  }
  if (img) {
    return <Box component="img" src={img} alt="" loading="lazy" sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }} />;
  }
  const colour = coverColour(category?.id);
  return (
    <Box component="svg" viewBox="0 0 160 90" aria-hidden="true" sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9' }}>
      <rect width="160" height="90" fill={colour} />
      <circle cx="136" cy="14" r="34" fill="#ffffff" opacity="0.08" />
      <circle cx="18" cy="86" r="26" fill="#ffffff" opacity="0.08" />
      {/* An open book: the product's icon for a speach. */}
      <path
        d="M20 24c6-3 13-3 19 0v22c-6-3-13-3-19 0zM41 24c6-3 13-3 19 0v22c-6-3-13-3-19 0z"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2"
        strokeLinejoin="round"
        opacity="0.9"
      />
      <text x="148" y="78" textAnchor="end" fontFamily="Roboto, Helvetica, Arial, sans-serif" fontSize="26" fontWeight="700" fill="#ffffff">
        {coverInitials(category?.name, title)}
      </text>
    </Box>
  );
}
