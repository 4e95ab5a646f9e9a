import type { RouteHandler } from '../context';

// Placeholder until the PostgREST subset lands.
export const handleRest: RouteHandler = async () => Response.json({ message: 'not implemented' }, { status: 501 });
