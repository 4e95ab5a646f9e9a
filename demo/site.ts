/** The demo build's public site: the stand-in first (demo/standIn.ts), then the site as built. */
import { startDemoStandIn } from './standIn';

await startDemoStandIn();
await import('../site/main');
