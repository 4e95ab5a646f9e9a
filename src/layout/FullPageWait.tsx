import { Box, CircularProgress, Typography } from '@mui/material';

/** A full-page wait with a message, e.g. the guard's 'Verifying access...'. */
export function FullPageWait({ message }: { message: string }) {
  return (
    <Box
      role="status"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{message}</Typography>
    </Box>
  );
}
