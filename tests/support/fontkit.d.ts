/** The part of fontkit (pdfkit's font engine) the spec-sheet tests read: which characters a font can draw. */
declare module 'fontkit' {
  export function create(buffer: Uint8Array): { postscriptName: string; hasGlyphForCodePoint(codePoint: number): boolean };
}
