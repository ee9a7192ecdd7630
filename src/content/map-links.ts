import type { NavigationApp } from './schemas/directions.ts';

/** The building as the map apps need it. */
export interface Place {
  /** Shown as the pin's or destination's name. */
  name: string;
  /** The Korean street address: what Naver's search finds the building by. */
  address: string;
  latitude: number;
  longitude: number;
}

/** One app's links: `app` opens the installed app (a custom scheme), `web` works in any browser. */
export interface MapLinks {
  app: string;
  web: string;
  /** True when `web` is a map of the building; false when it only offers the app (TMAP has no web map). */
  webIsMap: boolean;
}

/** TMAP's own page, where a visitor without the app can get it. */
export const TMAP_WEB_PAGE = 'https://www.tmapmobility.com/';

const q = encodeURIComponent;

/**
 * Links that open the building in each navigation app, from the coordinates of content/directions.
 * `appName` identifies the site to Naver's URL scheme (its `appname` parameter).
 * @example mapLinks(place, 'btower.example').kakaoMap.web // 'https://map.kakao.com/link/map/B%20TOWER,37.48385,126.93021'
 */
export function mapLinks(place: Place, appName: string): Record<NavigationApp, MapLinks> {
  const { name, address, latitude: lat, longitude: lng } = place;
  return {
    kakaoMap: {
      app: `kakaomap://look?p=${lat},${lng}`,
      web: `https://map.kakao.com/link/map/${q(name)},${lat},${lng}`,
      webIsMap: true,
    },
    naverMap: {
      app: `nmap://place?lat=${lat}&lng=${lng}&name=${q(name)}&appname=${q(appName)}`,
      web: `https://map.naver.com/p/search/${q(address)}`,
      webIsMap: true,
    },
    tmap: {
      app: `tmap://route?goalname=${q(name)}&goalx=${lng}&goaly=${lat}`,
      web: TMAP_WEB_PAGE,
      webIsMap: false,
    },
  };
}
