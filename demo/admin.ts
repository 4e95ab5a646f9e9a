/** The demo build's admin page: the stand-in first (demo/standIn.ts), then the admin as built. */
import { showDemoChrome } from './panel';
import { markStandInReady, startDemoStandIn } from './standIn';

await startDemoStandIn();
markStandInReady();
showDemoChrome();
await import('../src/main');
