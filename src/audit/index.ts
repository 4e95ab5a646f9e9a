import AuditIcon from '@mui/icons-material/History';
import { lazy } from 'react';

/** Audit Log (read-only): public.audit_log, newest first. */
export default {
  list: lazy(() => import('./AuditLogList')),
  icon: AuditIcon,
};
