import type { RealtimeHub } from './hub';
import { realtimeLink } from './mswLink';

it('links a stand-in any number of times without piling listeners on MSW’s shared channel', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  try {
    // The hub is reached only when a socket connects, which none does here.
    for (let i = 0; i < 12; i++) realtimeLink({} as RealtimeHub, 'http://localhost:54321');
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('warning', onWarning);
  }
  expect(warnings).toEqual([]);
});
