import { EVERY_OPERATOR } from '../../domain/operatorRoles';
import AuditIcon from '@mui/icons-material/History';
import { lazyScreen, type ResourceDescriptor } from '../kit';
import { auditLogData } from './data';

export default {
  data: auditLogData,
  // Every operator reads the trail; the database shows editors and support their own entries.
  access: EVERY_OPERATOR,
  screens: {
    list: lazyScreen(() => import('./AuditLogList')),
    menu: { label: 'labellens.menu.audit_log', icon: AuditIcon },
  },
} satisfies ResourceDescriptor;
