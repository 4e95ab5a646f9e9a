import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button, Stack, Typography } from '@mui/material';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** An admin path that names no screen: says so, in the catalogue's words, with a way back. */
export function NotFound() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2 }}>
      <Title title={translate('labellens.titles.not_found')} />
      <SearchOffIcon color="disabled" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1">
        {translate('labellens.titles.not_found')}
      </Typography>
      <Typography color="text.secondary">{translate('labellens.not_found.hint')}</Typography>
      <Button variant="contained" component={Link} to={`${basename}/dashboard`}>
        {translate('labellens.not_found.home')}
      </Button>
    </Stack>
  );
}
