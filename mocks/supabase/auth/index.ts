import type { RouteHandler } from '../context';

// Placeholder until the GoTrue subset lands.
export const handleAuth: RouteHandler = async () => Response.json({ message: 'not implemented' }, { status: 501 });
