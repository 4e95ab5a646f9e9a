import ImageIcon from '@mui/icons-material/Image';
import { Box } from '@mui/material';
import { useState } from 'react';

/**
 * An image (a news screenshot, a scan's label photo), or a placeholder icon when there is none or
 * it fails to load (a broken link or a lapsed signed URL never shows as a broken image).
 */
export function Picture({
  src,
  alt,
  width,
  height,
}: {
  src?: string | null;
  alt: string;
  width: number | string;
  height: number;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const sx = { width, height, borderRadius: 1, flexShrink: 0 };
  if (!src || failedSrc === src) {
    return (
      <Box
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        sx={{
          ...sx,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
        }}
      >
        <ImageIcon fontSize={height > 80 ? 'large' : 'small'} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      sx={{ ...sx, objectFit: 'cover' }}
    />
  );
}
