/** The public page of a video, for the "watch on YouTube" fallback link beside every embed. */
export function watchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
}
