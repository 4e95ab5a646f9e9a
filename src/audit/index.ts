import AuditIcon from '@mui/icons-material/History';
import { lazyScreen, type ResourceDescriptor } from '../resources/kit';
import { auditLogData } from './data';

export default {
  data: auditLogData,
  screens: {
    list: lazyScreen(() => import('./AuditLogList')),
    menu: { label: 'labellens.menu.audit_log', icon: AuditIcon },
  },
} satisfies ResourceDescriptor;
