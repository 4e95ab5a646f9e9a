import AuditIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import type { ResourceDescriptor } from '../resources/kit';
import { auditLogData } from './data';

export default {
  data: auditLogData,
  screens: {
    list: lazy(() => import('./AuditLogList')),
    menu: { label: 'labellens.menu.audit_log', icon: AuditIcon },
  },
} satisfies ResourceDescriptor;
