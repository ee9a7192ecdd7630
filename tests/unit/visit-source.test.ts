import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberVisitSource, visitSourceOf } from '~/scripts/visit-source';
import { readVisitSource } from '~/client/kept-visit-source';
import { INQUIRY_LIMITS } from '~/shared/inquiry';

describe('the source of a visit', () => {
  it('is the landing path, an external referrer and the known utm parameters', () => {
    expect(visitSourceOf('https://btower.kr/en/?utm_source=naver&utm_campaign=spring&ref=x', 'https://search.naver.com/search?q=b', 'btower.kr')).toEqual({
      path: '/en/',
      referrer: 'https://search.naver.com/search?q=b',
      utm: { utm_source: 'naver', utm_campaign: 'spring' },
    });
  });

  it('does not count a page of this site (with or without www) as a referrer', () => {
    expect(visitSourceOf('https://btower.kr/contact', 'https://btower.kr/floors', 'btower.kr').referrer).toBeNull();
    expect(visitSourceOf('https://www.btower.kr/contact', 'https://btower.kr/', 'www.btower.kr').referrer).toBeNull();
    expect(visitSourceOf('http://127.0.0.1:4408/contact', 'http://127.0.0.1:4408/en/', '127.0.0.1:4408').referrer).toBeNull();
  });

  it('has no referrer for a direct visit or one that is not a web address', () => {
    expect(visitSourceOf('https://btower.kr/', '', 'btower.kr').referrer).toBeNull();
    expect(visitSourceOf('https://btower.kr/', 'android-app://com.google.android.gm/', 'btower.kr').referrer).toBeNull();
  });

  it('keeps only the five utm keys, trimmed, blanks left out, values cut to the stored limit', () => {
    const long = 'a'.repeat(INQUIRY_LIMITS.utmValue + 1);
    const url = `https://btower.kr/?utm_source=%20google%20&utm_medium=&utm_term=${long}&utm_content=ad&utm_id=7&UTM_SOURCE=upper`;
    expect(visitSourceOf(url, '', 'btower.kr').utm).toEqual({ utm_source: 'google', utm_term: 'a'.repeat(INQUIRY_LIMITS.utmValue), utm_content: 'ad' });
  });

  it('cuts a long path and referrer to what the server accepts', () => {
    const source = visitSourceOf(`https://btower.kr/${'p'.repeat(600)}`, `https://example.com/${'r'.repeat(1200)}`, 'btower.kr');
    expect(source.path).toHaveLength(INQUIRY_LIMITS.sourcePath);
    expect(source.referrer).toHaveLength(INQUIRY_LIMITS.referrer);
  });
});

describe('remembering the source in the tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubBrowser(href: string, referrer: string, store: Storage | (() => never)) {
    const url = new URL(href);
    vi.stubGlobal('location', { href, host: url.host });
    vi.stubGlobal('document', { referrer });
    vi.stubGlobal('window', typeof store === 'function' ? { get sessionStorage() { return store(); } } : { sessionStorage: store });
  }

  function memoryStorage(): Storage {
    const map = new Map<string, string>();
    return {
      get length() { return map.size; },
      clear: () => map.clear(),
      key: (i) => [...map.keys()][i] ?? null,
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    };
  }

  it('keeps the first page of the visit, not the pages after it', () => {
    const store = memoryStorage();
    stubBrowser('https://btower.kr/en/?utm_source=naver', 'https://search.naver.com/', store);
    rememberVisitSource();
    stubBrowser('https://btower.kr/en/contact', 'https://btower.kr/en/', store);
    rememberVisitSource();
    expect(readVisitSource()).toEqual({ path: '/en/', referrer: 'https://search.naver.com/', utm: { utm_source: 'naver' } });
  });

  it('never throws where storage is refused, and then has no source', () => {
    stubBrowser('https://btower.kr/', '', () => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => rememberVisitSource()).not.toThrow();
    expect(readVisitSource()).toBeNull();
    const full = { ...memoryStorage(), getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    stubBrowser('https://btower.kr/', '', full);
    expect(() => rememberVisitSource()).not.toThrow();
  });

  it('ignores what is kept when it is not a source', () => {
    const store = memoryStorage();
    stubBrowser('https://btower.kr/', '', store);
    store.setItem('btower-visit-source', '{not json');
    expect(readVisitSource()).toBeNull();
    store.setItem('btower-visit-source', JSON.stringify({ path: '/', referrer: null, utm: { utm_source: 'x', evil: 'y' } }));
    expect(readVisitSource()).toEqual({ path: '/', referrer: null, utm: { utm_source: 'x' } });
  });
});
