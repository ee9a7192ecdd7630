/** A path segment decoded, or null when it is not valid percent-encoding. */
export function decodedSegment(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
