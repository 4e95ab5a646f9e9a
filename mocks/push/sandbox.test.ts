import { createPushSandbox, UNREGISTERED_ERROR } from './sandbox';

describe('push sandbox', () => {
  it('numbers delivered messages like FCM names them and records each with its outcome', async () => {
    const sandbox = createPushSandbox();
    const first = { token: 'device-a', title: 'One', body: 'First', data: { k: 'v' } };
    expect(await sandbox.send(first)).toEqual({ ok: true, messageId: 'projects/labellens-local/messages/1' });
    expect(await sandbox.send({ ...first, token: 'invalid-device' })).toEqual({
      ok: false,
      error: UNREGISTERED_ERROR,
    });
    expect(await sandbox.send({ ...first, title: 'Two' })).toEqual({
      ok: true,
      messageId: 'projects/labellens-local/messages/2',
    });
    expect(sandbox.delivered.map((d) => [d.token, d.title, d.result.ok])).toEqual([
      ['device-a', 'One', true],
      ['invalid-device', 'One', false],
      ['device-a', 'Two', true],
    ]);
    sandbox.clear();
    expect(sandbox.delivered).toEqual([]);
  });
});
