import { notModified } from './conditional-get';

const etag = '"abc"';
const lastModified = 'Wed, 25 Nov 2026 10:00:00 GMT';

describe('notModified (RFC 9110 §13.2.2)', () => {
  it('matches the ETag whatever the request Cache-Control says', () => {
    expect(notModified({ 'if-none-match': etag, 'cache-control': 'no-cache' }, { etag })).toBe(true);
    expect(notModified({ 'if-none-match': etag, pragma: 'no-cache' }, { etag })).toBe(true);
  });

  it('compares weakly, in a list, and takes *', () => {
    expect(notModified({ 'if-none-match': `"x", W/${etag}` }, { etag })).toBe(true);
    expect(notModified({ 'if-none-match': '*' }, { etag })).toBe(true);
    expect(notModified({ 'if-none-match': '"other"' }, { etag })).toBe(false);
    expect(notModified({ 'if-none-match': '*' }, {})).toBe(false);
  });

  it('ignores If-Modified-Since when If-None-Match is present', () => {
    const headers = { 'if-none-match': '"other"', 'if-modified-since': lastModified };
    expect(notModified(headers, { etag, lastModified })).toBe(false);
  });

  it('compares dates in whole seconds', () => {
    expect(notModified({ 'if-modified-since': lastModified }, { lastModified })).toBe(true);
    const later = new Date(Date.parse(lastModified) + 1500);
    expect(notModified({ 'if-modified-since': lastModified }, { lastModified: later })).toBe(false);
    expect(notModified({ 'if-modified-since': 'yesterday-ish' }, { lastModified })).toBe(false);
    expect(notModified({}, { etag, lastModified })).toBe(false);
  });
});
