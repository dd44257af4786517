import { describe, expect, it } from 'vitest';
import { withoutStyleAttributes } from './style-attributes.ts';

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
