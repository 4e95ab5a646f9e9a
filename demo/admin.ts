/** The demo build's admin page: the stand-in first (demo/standIn.ts), then the admin as built. */
import { startDemoStandIn } from './standIn';

await startDemoStandIn();
await import('../src/main');
