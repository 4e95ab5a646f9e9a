import type { RouteHandler } from '../context';

// Placeholder until the functions router lands.
export const handleFunctions: RouteHandler = async () => Response.json({ message: 'not implemented' }, { status: 501 });
