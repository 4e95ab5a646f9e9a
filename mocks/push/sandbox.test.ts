import { createPushSandbox, isPushSandbox, UNREGISTERED_ERROR } from './sandbox';

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

  it('logs one line per delivery with its outcome, title, body and data', async () => {
    const lines: string[] = [];
    const sandbox = createPushSandbox({ log: (line) => lines.push(line) });
    await sandbox.send({ token: 'device-a', title: 'Hello "there"', body: 'Line', data: { screen: 'tips' } });
    await sandbox.send({ token: 'invalid-device', title: 'Gone', body: 'Nobody', data: {} });
    expect(lines).toEqual([
      '[push] delivered as projects/labellens-local/messages/1 to device device-a: ' +
        '{"title":"Hello \\"there\\"","body":"Line","data":{"screen":"tips"}}',
      `[push] refused: ${UNREGISTERED_ERROR} to device invalid-device: {"title":"Gone","body":"Nobody","data":{}}`,
    ]);
  });

  it('tells a sandbox from another sender', () => {
    expect(isPushSandbox(createPushSandbox())).toBe(true);
    expect(isPushSandbox({ send: async () => ({ ok: true, messageId: 'm' }) })).toBe(false);
  });
});
