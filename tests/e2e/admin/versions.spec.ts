import { LOADED, SECOND, SERVICE, secondAdmin } from './operators';
import { expect, test } from './signedIn';

// A slow shared machine: sign-in and several saves take longer than the default budget.
test.describe.configure({ timeout: 120_000 });

test('health tips: restore an old version from History, the form and the list show it', async ({ page }) => {
  const marker = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const first = `Version one ${marker}: drink a glass of water with every meal.`;
  const second = `Version two ${marker}: walk twenty minutes after dinner.`;
  const third = `Version three ${marker}: choose whole grains.`;
  await page.goto('/admin/health-tips');
  await expect(page.getByRole('heading', { name: 'Health Tips', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Add Health Tip' }).click();
  const create = page.getByRole('dialog', { name: 'Add Health Tip' });
  await create.getByLabel('Health Tip Content', { exact: true }).fill(first);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();

  await page.getByPlaceholder('Search health tips...').fill(marker);
  const row = page.getByRole('row').filter({ hasText: marker });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'Edit' }).click();
  let edit = page.getByRole('dialog', { name: 'Edit Health Tip' });
  await edit.getByLabel('Health Tip Content', { exact: true }).fill(second);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Version two');

  await row.getByRole('link', { name: 'Edit' }).click();
  edit = page.getByRole('dialog', { name: 'Edit Health Tip' });
  await expect(edit.getByLabel('Health Tip Content', { exact: true })).toHaveValue(second);
  await edit.getByRole('tab', { name: 'History' }).click();
  const history = edit.getByRole('list', { name: 'History' });
  // Newest first: the change, then the creation.
  const compare = history.getByRole('button', { name: 'Compare with now' });
  await expect(compare).toHaveCount(2);
  await compare.last().click();
  const comparison = edit.getByRole('region', { name: 'This version compared with now' });
  // Word by word: the words both versions share are neither struck nor inserted.
  await expect(comparison.locator('ins')).toHaveText(['one', 'drink a glass of water with every meal.']);
  await expect(comparison.locator('del')).toHaveText(['two', 'walk twenty minutes after dinner.']);

  await comparison.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
  await confirm.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText('Version restored', { exact: true })).toBeVisible();
  await expect(edit.getByLabel('Health Tip Content', { exact: true })).toHaveValue(first);
  await expect(edit.getByText(/saved a newer version/)).toHaveCount(0);

  // The History now starts with the restore, by the signed-in admin.
  await edit.getByRole('tab', { name: 'History' }).click();
  await expect(history.getByRole('listitem').first()).toContainText('Restored a version');
  // A second restore in the same dialog is made against the version the first one wrote.
  await expect(compare).toHaveCount(3);
  await compare.nth(1).click();
  await comparison.getByRole('button', { name: 'Restore this version' }).click();
  await confirm.getByRole('button', { name: 'Restore this version' }).click();
  await expect(edit.getByLabel('Health Tip Content', { exact: true })).toHaveValue(second);
  await expect(page.getByRole('dialog', { name: 'Save over a newer version?' })).toHaveCount(0);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Version two');

  // Reopened after its own writes, the dialog saves against the newest of them (not the copy
  // react-admin showed while it read the record again).
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(edit.getByLabel('Health Tip Content', { exact: true })).toHaveValue(second);
  await edit.getByLabel('Health Tip Content', { exact: true }).fill(third);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Save over a newer version?' })).toHaveCount(0);
  await expect(row).toContainText('Version three');
});

test("health tips: a restore confirmed after a colleague's save asks before writing over it", async ({
  page,
  request,
}) => {
  await secondAdmin(request);
  const marker = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const created = await request.post('/rest/v1/health_tips', {
    headers: { ...SERVICE, Prefer: 'return=representation' },
    data: { tip: `Original ${marker}: read the label before the price.` },
  });
  expect(created.status()).toBe(201);
  const [tip] = (await created.json()) as { id: string }[];
  const edited = await request.patch(`/rest/v1/health_tips?id=eq.${tip.id}`, {
    headers: SERVICE,
    data: { tip: `Edited ${marker}: read the label first.` },
  });
  expect(edited.status()).toBe(204);
  // Realtime down in the admin's browser: only the database can refuse the restore.
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => socket.close());
  try {
    await page.goto(`/admin/health-tips/${tip.id}`);
    const edit = page.getByRole('dialog', { name: 'Edit Health Tip' });
    await expect(edit.getByLabel('Health Tip Content', { exact: true })).toHaveValue(
      `Edited ${marker}: read the label first.`,
      LOADED,
    );
    await edit.getByRole('tab', { name: 'History' }).click();
    await edit.getByRole('button', { name: 'Compare with now' }).last().click();
    const comparison = edit.getByRole('region', { name: 'This version compared with now' });
    await comparison.getByRole('button', { name: 'Restore this version' }).click();

    // Between the comparison and the confirmation, a colleague saves.
    const signIn = await request.post('/auth/v1/token?grant_type=password', {
      headers: { apikey: SERVICE.apikey },
      data: SECOND,
    });
    const { access_token } = (await signIn.json()) as { access_token: string };
    const theirs = await request.patch(`/rest/v1/health_tips?id=eq.${tip.id}`, {
      headers: { apikey: SERVICE.apikey, Authorization: `Bearer ${access_token}` },
      data: { tip: `Colleague ${marker}: check the serving size.` },
    });
    expect(theirs.status()).toBe(204);

    await page
      .getByRole('dialog', { name: 'Restore this version?' })
      .getByRole('button', { name: 'Restore this version' })
      .click();
    const asked = page.getByRole('dialog', { name: 'Save over a newer version?' });
    await expect(asked).toContainText(`${SECOND.email} saved this record at`, LOADED);
    const read = async () =>
      (await (
        await request.get(`/rest/v1/health_tips?id=eq.${tip.id}&select=tip`, { headers: SERVICE })
      ).json()) as {
        tip: string;
      }[];
    expect(await read()).toEqual([{ tip: `Colleague ${marker}: check the serving size.` }]);
    // Asked, the operator writes over it deliberately: the restore is made against their version.
    await asked.getByRole('button', { name: 'Save mine' }).click();
    await expect(page.getByText('Version restored', { exact: true })).toBeVisible(LOADED);
    expect(await read()).toEqual([{ tip: `Original ${marker}: read the label before the price.` }]);
  } finally {
    await page.unrouteAll();
  }
});

test('contact messages have no versions: their History lists changes without Compare with now', async ({
  page,
  request,
}) => {
  const subject = `No versions e2e ${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const sent = await request.post('/rest/v1/contact_messages', {
    headers: { ...SERVICE, Prefer: 'return=representation' },
    data: { first_name: 'Asha', email: 'asha@example.com', subject, message: 'Which oil is best?' },
  });
  expect(sent.status()).toBe(201);
  const [message] = (await sent.json()) as { id: string }[];
  await page.goto(`/admin/contact-messages/${message.id}/show`);
  const dialog = page.getByRole('dialog', { name: subject });
  // Opening it marks it read: an update in its History.
  await expect(dialog.getByText('Read', { exact: true })).toBeVisible(LOADED);
  await dialog.getByRole('tab', { name: 'History' }).click();
  const history = dialog.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(1, LOADED);
  await expect(dialog.getByRole('button', { name: 'Compare with now' })).toHaveCount(0);
});
