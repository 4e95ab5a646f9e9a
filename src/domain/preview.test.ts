import { preview, urlHost } from './preview';

describe('preview', () => {
  it('keeps a text of 150 characters whole and cuts one of 151 with an ellipsis', () => {
    expect(preview('a'.repeat(150), 150)).toBe('a'.repeat(150));
    expect(preview('a'.repeat(151), 150)).toBe(`${'a'.repeat(150)}…`);
  });

  it('counts characters, not UTF-16 units (Hindi and emoji are not split)', () => {
    expect(preview('नमस्ते😀ab', 7)).toBe('नमस्ते😀…');
  });
});

describe('urlHost', () => {
  it('gives the host with its port, or the text when it is not a URL', () => {
    expect(urlHost('https://www.fssai.gov.in/notices?id=1')).toBe('www.fssai.gov.in');
    expect(urlHost('http://localhost:8080/a')).toBe('localhost:8080');
    expect(urlHost('not a url')).toBe('not a url');
  });
});
