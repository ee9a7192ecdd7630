import { ContentError } from './validate.ts';

/** Line and column (1-based) of a character offset in a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * Where a JSON text stops being valid: the offset of the first character that cannot continue it. V8 names a
 * position for most mistakes but not for a bare word (`tru`, `'single quotes'`), so we find it ourselves.
 */
export function firstJsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const space = () => {
    while (/\s/.test(text[i] ?? '')) i++;
  };
  const expect = (char: string) => (text[i] === char ? i++ : fail());
  const string = () => {
    expect('"');
    while (text[i] !== '"') {
      if (i >= text.length || text[i]! < ' ') fail();
      i += text[i] === '\\' ? 2 : 1;
    }
    i++;
  };
  const value = (): void => {
    space();
    const char = text[i];
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) return void i++;
      for (;;) {
        if (close === '}') {
          space();
          string();
          space();
          expect(':');
        }
        value();
        space();
        if (text[i] === close) return void i++;
        expect(',');
      }
    }
    if (char === '"') return string();
    const literal = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i))?.[0];
    if (!literal) fail();
    i += literal!.length;
  };
  try {
    value();
    space();
    return i < text.length ? i : -1;
  } catch (offset) {
    return offset as number;
  }
}

/**
 * Parses a content file's text, or fails naming the file, line and column, so an editor finds a stray
 * comma without reading a build's stack trace.
 * @example parseJsonFile('content/floors/en.json', '{\n  "a": 1,\n}') // throws 'content/floors/en.json: line 3, column 1: not valid JSON: …'
 */
export function parseJsonFile(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const offset = Math.min(firstJsonErrorOffset(text), text.length);
    const { line, column } = lineAndColumn(text, offset < 0 ? text.length : offset);
    // V8's wording without its position (and, for a bare word, without its copy of the text).
    const word = /^[^\s,:{}[\]"]+/.exec(text.slice(offset))?.[0];
    const reason = /^Unexpected token/.test((error as Error).message) && word
      ? `unexpected ${JSON.stringify(word)} (text needs "double quotes"; true, false and null are the only bare words)`
      : (error as Error).message.replace(/ (in|after) JSON at position \d+(?: \(line \d+ column \d+\))?$/, (_, where: string) => (where === 'after' ? ' after JSON' : ''));
    throw new ContentError(file, [{ path: `line ${line}, column ${column}`, message: `not valid JSON: ${reason}` }]);
  }
}
