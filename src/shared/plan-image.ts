import { imageUrl } from './image-url.ts';

/** A plan image through Netlify's Image CDN at `width` px, whole (a plan is never cropped). */
export function planImageUrl(path: string, width: number): string {
  return imageUrl(path, { w: width, fit: 'contain' });
}
