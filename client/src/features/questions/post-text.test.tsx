import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostText } from './post-text';

describe('PostText', () => {
  it('when a post holds markup, then it is shown as text and no element of it is created', () => {
    const hostile =
      '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> <a href="javascript:alert(1)">x</a>';
    const { container } = render(<PostText text={hostile} />);
    expect(container.querySelector('img, script, a')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="window.__xss=1">');
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it('when a post has line breaks, inline code and a code block, then they are kept as such', () => {
    const { container } = render(
      <PostText text={'Linha 1\nLinha 2 com `npm i`\n```\nconst a = "<b>";\n```\nFim'} />,
    );
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getByText('npm i').tagName).toBe('CODE');
    expect(container.querySelector('pre code')?.textContent).toBe('const a = "<b>";');
    expect(screen.getByText('Fim')).toBeInTheDocument();
  });

  it('when a post holds web addresses, then only http(s) ones become links that open apart, without the trailing dot', () => {
    render(
      <PostText
        text={'Veja https://example.test/a?b=1. E javascript:alert(1) e data:text/html,x'}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.test/a?b=1');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(links[0]).toHaveAttribute('target', '_blank');
  });

  it('when an address tries to break out of the attribute, then the quote ends the link', () => {
    render(<PostText text={'https://a.test/"onmouseover="alert(1)'} />);
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://a.test/');
  });
});
