/**
 * npm run db:seed -- --scans N [--batch B]
 * Adds N generated scans (with users, profiles, chats and messages in proportion) to the local
 * database the stand-in uses, for performance work.
 */
import { parseArgs } from 'node:util';
import { generateScans } from './seed/generateScans';
import { exitWhenFolderInUse } from '../mocks/supabase/localDatabase';
import { localDatabaseTarget, openPreparedDatabase } from './seed/localDatabase';

const { values } = parseArgs({
  options: { scans: { type: 'string', default: '10000' }, batch: { type: 'string', default: '10000' } },
});
const scans = Number(values.scans);
const batchSize = Number(values.batch);
if (!Number.isInteger(scans) || scans < 1 || !Number.isInteger(batchSize) || batchSize < 1) {
  console.error('Usage: npm run db:seed -- --scans N [--batch B]   (N, B positive integers)');
  process.exit(2);
}

const target = localDatabaseTarget();
console.log(`Adding ${scans.toLocaleString('en-IN')} scans to ${target.label}...`);
const started = performance.now();
const db = await openPreparedDatabase(target).catch(exitWhenFolderInUse);
try {
  const result = await generateScans(db, {
    scans,
    batchSize,
    onProgress: (done, total) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\r  ${done.toLocaleString('en-IN')}/${total.toLocaleString('en-IN')} scans (${Math.round((done / total) * 100)}%) ${seconds} s`,
      );
    },
  });
  process.stdout.write('\n');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Added ${result.scans} scans, ${result.users} users, ${result.profiles} profiles, ${result.chats} chats and ` +
      `${result.messages} messages in ${seconds} s.`,
  );
} finally {
  await db.close();
}
