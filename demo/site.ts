/** The demo build's public site: the stand-in (demo/standIn.ts) and the site as built, side by side. */
import { showDemoChrome } from './panel';
import { markStandInReady, startDemoStandIn } from './standIn';

const { answering, ready } = startDemoStandIn();
await answering;
const site = import('../site/main');
const standIn = await ready;
markStandInReady();
showDemoChrome(standIn);
await site;
