import BlockIcon from '@mui/icons-material/Block';
import { Button, Stack, Typography } from '@mui/material';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * A screen the operator's role does not include (src/domain/operatorRoles.ts), reached by a direct
 * link: says so, rather than an empty list or an error, with a way back.
 */
export function NoAccess() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2 }}>
      <Title title={translate('labellens.no_access.title')} />
      <BlockIcon color="disabled" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1">
        {translate('labellens.no_access.title')}
      </Typography>
      <Typography color="text.secondary">{translate('labellens.no_access.hint')}</Typography>
      <Button variant="contained" component={Link} to={`${basename}/dashboard`}>
        {translate('labellens.not_found.home')}
      </Button>
    </Stack>
  );
}
