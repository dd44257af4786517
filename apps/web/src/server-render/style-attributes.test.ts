import { describe, expect, it } from 'vitest';
import { styleAttributeValues, withoutStyleAttributes } from './style-attributes.ts';

describe('style attributes in a page drawn on the server', () => {
  it('drops Radix’s size variables, which no style reads', () => {
    const markup =
      '<div role="region" style="--radix-accordion-content-height:var(--radix-collapsible-content-height);--radix-accordion-content-width:var(--radix-collapsible-content-width)">Answer</div>';
    expect(withoutStyleAttributes(markup)).toBe('<div role="region">Answer</div>');
  });

  it('refuses the markup when any other style is left, as the CSP would', () => {
    expect(withoutStyleAttributes('<div style="width:50%">Bar</div>')).toBeNull();
    expect(
      withoutStyleAttributes('<div style="--radix-accordion-content-height:1px;color:red">Mixed</div>'),
    ).toBeNull();
  });

  it('leaves text that merely mentions a style alone (React writes its quotes as &quot;)', () => {
    const prose = '<p>Write style=&quot;color:red&quot; and see</p>';
    expect(withoutStyleAttributes(prose)).toBe(prose);
  });
});

describe('the style attributes of a page drawn per request', () => {
  it('lists each value once, as the browser reads it, for the CSP to allow by hash', () => {
    const markup =
      '<span style="bottom:20%">10</span><span style="bottom:20%">10</span>' +
      '<span style="font-family:&quot;Inter&quot;, &#x27;x&#x27;;content:&quot;&lt;&amp;&gt;&quot;">a</span>';
    expect(styleAttributeValues(markup)).toEqual(['bottom:20%', `font-family:"Inter", 'x';content:"<&>"`]);
  });

  it('undoes each escape once: an escaped ampersand before "quot;" stays text', () => {
    expect(styleAttributeValues('<i style="content:&amp;quot;">x</i>')).toEqual(['content:&quot;']);
  });

  it('finds none in text that mentions a style, nor in a page without one', () => {
    expect(styleAttributeValues('<p>Write style=&quot;color:red&quot; and see</p>')).toEqual([]);
  });
});
