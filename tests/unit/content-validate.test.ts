import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ContentError, parseContent } from '~/content/validate';

const Schema = v.object({ title: v.string(), floors: v.array(v.object({ id: v.string(), area: v.number() })) });

describe('parseContent', () => {
  it('returns valid data unchanged', () => {
    const data = { title: 'B TOWER', floors: [{ id: 'b2', area: 120 }] };
    expect(parseContent('content/x.json', Schema, data)).toEqual(data);
  });

  it('names the file and the field of a missing or mistyped value', () => {
    const broken = { floors: [{ id: 'b2', area: 'big' }] };
    let caught: unknown;
    try {
      parseContent('content/floors/ko.json', Schema, broken);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ContentError);
    const message = (caught as Error).message;
    expect(message).toContain('content/floors/ko.json');
    expect(message).toContain('title');
    expect(message).toContain('floors.0.area');
  });
});
