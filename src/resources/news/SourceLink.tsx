import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { urlHost } from '../../domain/preview';

/** An external link that opens in a new tab without giving the page access to this one. */
export function SourceLink({ url, children }: { url: string; children?: ReactNode }) {
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
      {children ?? urlHost(url)}
    </Link>
  );
}
