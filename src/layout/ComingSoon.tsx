import ConstructionIcon from '@mui/icons-material/Construction';
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** A page whose feature is not built yet: its title and a sentence saying so. */
export function ComingSoon({ title, message }: { title: string; message: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate(title)} />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ConstructionIcon color="primary" fontSize="large" aria-hidden />
          <div>
            <Typography variant="h5" component="h1">
              {translate(title)}
            </Typography>
            <Typography color="text.secondary">{translate(message)}</Typography>
          </div>
          <Chip label={translate('labellens.coming_soon.badge')} color="secondary" size="small" />
        </Stack>
      </CardContent>
    </Card>
  );
}
