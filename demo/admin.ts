/** The demo build's admin page: the stand-in first (demo/standIn.ts), then the admin as built. */
import { showDemoChrome } from './panel';
import { markStandInReady, startDemoStandIn } from './standIn';

const standIn = await startDemoStandIn();
markStandInReady();
showDemoChrome(standIn);
await import('../src/main');
