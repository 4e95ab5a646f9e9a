import { screen, within } from '@testing-library/react';
import { supabaseClient } from '../../providers/supabaseClient';
import { renderAdmin } from '../../test/renderAdmin';
import { DEMO, setUpStandInServer, signIn } from '../../test/standInServer';

setUpStandInServer();
const WAIT = { timeout: 20_000 };

it("lists an admin's changes to a record, newest first, with who, action, resource and the changed fields", async () => {
  await signIn(DEMO.admin);
  const { data: created, error } = await supabaseClient
    .from('news')
    .insert({ title: 'Audit list test', content: 'Body', source_url: 'https://example.com/audit' })
    .select('id')
    .single();
  if (error) throw error;
  await supabaseClient.from('news').update({ title: 'Audit list test, renamed' }).eq('id', created.id);

  renderAdmin(`/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ q: created.id }))}`);
  const changed = await screen.findByRole('row', { name: /Changed/ }, WAIT);
  const rows = screen.getAllByRole('row').slice(1);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toBe(changed);
  expect(within(changed).getByText(DEMO.admin.email)).toBeInTheDocument();
  expect(within(changed).getByText('News')).toBeInTheDocument();
  // The record by its name as it was at each change.
  expect(within(changed).getByText('Audit list test, renamed')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Audit list test')).toBeInTheDocument();
  expect(within(changed).getByText('title')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Created')).toBeInTheDocument();
  expect(
    within(rows[1]).getByText('content, created_at, id, source_url, source_url_screenshot, title'),
  ).toBeInTheDocument();
});

it('filters the trail by the actor role', async () => {
  await signIn(DEMO.admin);
  const { data: created, error } = await supabaseClient
    .from('news')
    .insert({ title: 'Audit role filter', content: 'Body', source_url: 'https://example.com/role' })
    .select('id')
    .single();
  if (error) throw error;
  const { data: asOwner } = await supabaseClient
    .from('audit_log')
    .select('record_label, actor_role')
    .eq('record_id', created.id)
    .eq('actor_role', 'owner');
  expect(asOwner).toEqual([{ record_label: 'Audit role filter', actor_role: 'owner' }]);
  renderAdmin(
    `/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ q: created.id, actor_role: 'owner' }))}`,
  );
  expect(await screen.findByRole('row', { name: /Created/ }, WAIT)).toBeInTheDocument();
  expect(screen.getAllByRole('row').slice(1)).toHaveLength(1);
});
