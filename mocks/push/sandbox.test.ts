import { createPushSandbox, isPushSandbox, tokenShare, UNREGISTERED_ERROR } from './sandbox';

describe('push sandbox', () => {
  it('numbers delivered messages like FCM names them and records each with its outcome', async () => {
    const sandbox = createPushSandbox();
    const first = { token: 'device-a', title: 'One', body: 'First', data: { k: 'v' } };
    expect(await sandbox.send(first)).toEqual({ ok: true, messageId: 'projects/labellens-local/messages/1' });
    expect(await sandbox.send({ ...first, token: 'invalid-device' })).toEqual({
      ok: false,
      code: 'UNREGISTERED',
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

  it('answers a share of tokens 429 or 500 on their first attempt and UNREGISTERED always', async () => {
    const sandbox = createPushSandbox();
    sandbox.setFaults({ tooManyRequests: 0.1, serverError: 0.1, unregistered: 0.1 });
    const tokens = Array.from({ length: 2000 }, (_, i) => `bench-token-${i}`);
    const codes = async () => {
      const tally: Record<string, number> = {};
      for (const token of tokens) {
        const result = await sandbox.send({ token, title: 't', body: 'b', data: {} });
        const key = result.ok
          ? 'ok'
          : `${result.code}${result.retryAfterSeconds ? ` after ${result.retryAfterSeconds}s` : ''}`;
        tally[key] = (tally[key] ?? 0) + 1;
      }
      return tally;
    };
    const expected = (from: number, to: number) =>
      tokens.filter((t) => tokenShare(t) >= from && tokenShare(t) < to).length;
    expect(await codes()).toEqual({
      'QUOTA_EXCEEDED after 1s': expected(0, 0.1),
      INTERNAL: expected(0.1, 0.2),
      UNREGISTERED: expected(0.2, 0.3),
      ok: expected(0.3, 1),
    });
    // A second attempt: only the gone tokens fail.
    expect(await codes()).toEqual({ UNREGISTERED: expected(0.2, 0.3), ok: 2000 - expected(0.2, 0.3) });
    expect(expected(0, 0.1)).toBeGreaterThan(150);
  });
});
