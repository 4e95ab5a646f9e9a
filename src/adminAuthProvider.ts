import { authProvider } from './providers';
import { withScreenAccess } from './providers/authProvider';
import { OPERATOR_ACCESS } from './resources';

/**
 * The admin app's auth provider: the one shared with the login route (src/providers/index.ts),
 * whose canAccess reads the screens' access from their descriptors (the registry's OPERATOR_ACCESS).
 */
export const adminAuthProvider = withScreenAccess(authProvider, OPERATOR_ACCESS);
