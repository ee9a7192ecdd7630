/** The part of fontkit (pdfkit's font engine) the server's PDFs use: a face of a collection, its glyphs. */
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    /** The outline; an empty one draws nothing. */
    path: { commands: unknown[] };
  }
  export interface Font {
    postscriptName: string;
    /** Every code point the face maps to a glyph. */
    characterSet: number[];
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    /** What pdfkit calls to set text: a parsed font is one it accepts in place of a file. */
    layout(text: string): unknown;
  }
  /** A font file's face; in a collection (.ttc), the face named `postscriptName`. */
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
