import { describe, expect, it } from 'vitest';
import postcss from 'postcss';
import { selectorElements, usedCss, usedNames } from '../../build/inline-styles.ts';

describe('the styles a page carries inline (decision 035)', () => {
  it('names the elements a reset rule needs, any host of a form field\'s pseudo-element will do', () => {
    expect(selectorElements('sub')).toEqual([['sub']]);
    expect(selectorElements(':where(select:is([multiple],[size])) optgroup option')).toEqual([['optgroup'], ['option']]);
    expect(selectorElements('::placeholder')).toEqual([['input', 'textarea']]);
    expect(selectorElements('::-webkit-datetime-edit-year-field')).toEqual([['input']]);
    expect(selectorElements('*,:after')).toEqual([]);
    expect(selectorElements(':host')).toEqual([]);
    expect(selectorElements('.group:is(:where(.peer) p)')).toEqual([]);
    expect(selectorElements('[hidden]:where(:not([hidden=until-found]))')).toEqual([]);
    expect(selectorElements('.\\[\\&_svg\\]\\:size-4 svg')).toEqual([['svg']]);
  });

  it('drops the reset of elements the page never has, keeps those its markup or scripts create', () => {
    const sheet = postcss.parse('@layer base{table{border-collapse:collapse}sub,sup{font-size:75%}a{color:inherit}::placeholder{opacity:1}html{tab-size:4}}');
    const page = '<html><body><a href="/">B</a><sup>2</sup><script type="module" src="/x.js"></script></body></html>';
    expect(usedCss(sheet, usedNames([page, 'h("textarea",{rows:4})']))).toBe('@layer base{sup{font-size:75%}a{color:inherit}::placeholder{opacity:1}html{tab-size:4}}');
  });
});
