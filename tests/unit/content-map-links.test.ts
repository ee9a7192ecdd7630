import { describe, expect, it } from 'vitest';
import { mapLinks, TMAP_WEB_PAGE } from '~/content/map-links';
import { phoneText, telHref } from '~/content/phone';
import { loadContent, loadLocalized } from '~/content/load';
import { DirectionsDataSchema, DirectionsTextSchema, NAVIGATION_APPS } from '~/content/schemas/directions';

const facts = loadContent('content/directions/data.json', DirectionsDataSchema);
const place = { name: 'B TOWER', address: loadLocalized('directions', 'ko', DirectionsTextSchema).address, ...facts.geo };
const links = mapLinks(place, 'btower.example');

describe('navigation app links', () => {
  it('open the building at the coordinates of content/directions in each app', () => {
    const { latitude: lat, longitude: lng } = facts.geo;
    expect(links.kakaoMap.app).toBe(`kakaomap://look?p=${lat},${lng}`);
    expect(links.kakaoMap.web).toBe(`https://map.kakao.com/link/map/B%20TOWER,${lat},${lng}`);
    const naver = new URL(links.naverMap.app);
    expect(naver.protocol).toBe('nmap:');
    expect(Object.fromEntries(naver.searchParams)).toEqual({ lat: String(lat), lng: String(lng), name: 'B TOWER', appname: 'btower.example' });
    expect(decodeURIComponent(links.naverMap.web)).toBe('https://map.naver.com/p/search/서울특별시 관악구 신림로 330');
    // TMAP takes x = longitude, y = latitude.
    const tmap = new URL(links.tmap.app);
    expect(Object.fromEntries(tmap.searchParams)).toEqual({ goalname: 'B TOWER', goalx: String(lng), goaly: String(lat) });
    expect(links.tmap).toMatchObject({ web: TMAP_WEB_PAGE, webIsMap: false });
  });

  it('exist for every app the page lists, with an https web link', () => {
    for (const app of NAVIGATION_APPS) expect(new URL(links[app].web).protocol).toBe('https:');
  });

  it('follow a change of the coordinates', () => {
    const moved = mapLinks({ ...place, latitude: 37.5, longitude: 127 }, 'btower.example');
    expect(moved.kakaoMap.app).toBe('kakaomap://look?p=37.5,127');
    expect(moved.tmap.app).toContain('goalx=127&goaly=37.5');
  });
});

describe('leasing phone', () => {
  it('dials from abroad too, and reads the way each visitor dials it', () => {
    expect(telHref('02-871-3300')).toBe('tel:+82-2-871-3300');
    expect(phoneText('02-871-3300', 'ko')).toBe('02-871-3300');
    expect(phoneText('02-871-3300', 'en')).toBe('+82 2-871-3300');
  });
});
