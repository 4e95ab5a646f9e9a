/** The demo build's admin page: the stand-in first (demo/standIn.ts), then the admin as built. */
import { showDemoChrome } from './panel';
import { startDemoStandIn } from './standIn';

await startDemoStandIn();
showDemoChrome();
await import('../src/main');
