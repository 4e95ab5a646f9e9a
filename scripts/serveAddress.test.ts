import { networkWarning, serveAddress } from './serveAddress';

describe("npm start's address", () => {
  test('loopback HOST: links and mail on it, no warning', () => {
    expect(serveAddress('127.0.0.1', 5173)).toEqual({
      publicUrl: 'http://127.0.0.1:5173',
      mailUrl: 'http://127.0.0.1:5173/mail/',
      servesNetwork: false,
    });
    expect(serveAddress('::1', 5401).publicUrl).toBe('http://[::1]:5401');
  });

  test('HOST=0.0.0.0: the network is served (warned), links on PUBLIC_URL or 127.0.0.1, mail on 127.0.0.1', () => {
    expect(serveAddress('0.0.0.0', 5401)).toEqual({
      publicUrl: 'http://127.0.0.1:5401',
      mailUrl: 'http://127.0.0.1:5401/mail/',
      servesNetwork: true,
    });
    expect(serveAddress('0.0.0.0', 5401, 'http://192.168.1.20:5401').publicUrl).toBe(
      'http://192.168.1.20:5401',
    );
    // Listening on a LAN address only: /mail is reachable from nowhere (it answers loopback callers).
    expect(serveAddress('192.168.1.20', 5401)).toEqual({
      publicUrl: 'http://192.168.1.20:5401',
      mailUrl: null,
      servesNetwork: true,
    });
  });

  test('the warning names the demo keys and the loopback-only mail sandbox', () => {
    const warning = networkWarning('0.0.0.0');
    expect(warning).toContain('WARNING: HOST=0.0.0.0 serves the local Supabase stand-in to other machines.');
    expect(warning).toContain("the Supabase CLI's public demo keys");
    expect(warning).toContain(
      'The mail sandbox (/mail) answers only this machine (loopback addresses), whatever HOST is.',
    );
  });
});
