/** The demo build's public site: the stand-in first (demo/standIn.ts), then the site as built. */
import { showDemoChrome } from './panel';
import { markStandInReady, startDemoStandIn } from './standIn';

const standIn = await startDemoStandIn();
markStandInReady();
showDemoChrome(standIn);
await import('../site/main');
