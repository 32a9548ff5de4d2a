import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize-description';

describe('sanitizeDescription', () => {
  it('when the description carries scripts, handlers and javascript: links, then only the safe markup is kept', () => {
    const hostile = [
      '<script>alert("x")</script>',
      '<p onclick="steal()" style="color:red">Olá <strong>mundo</strong></p>',
      '<a href="javascript:alert(1)">clique</a>',
      '<a href="JaVaScRiPt:alert(1)">outro</a>',
      '<img src="x" onerror="alert(1)">',
      '<iframe src="https://evil.test"></iframe>',
      '<svg onload="alert(1)"><circle/></svg>',
      '<style>body{display:none}</style>',
    ].join('');

    const clean = sanitizeDescription(hostile);

    expect(clean).toBe(
      '<p>Olá <strong>mundo</strong></p><a rel="noopener noreferrer">clique</a><a rel="noopener noreferrer">outro</a>',
    );
  });

  it('when a link is safe, then its href and a _blank target survive and rel is forced', () => {
    const clean = sanitizeDescription(
      '<a href="https://aprendiz.test/x" target="_blank" rel="opener">a</a><a href="mailto:a@b.test" target="other">b</a>',
    );

    expect(clean).toBe(
      '<a rel="noopener noreferrer" href="https://aprendiz.test/x" target="_blank">a</a>' +
        '<a rel="noopener noreferrer" href="mailto:a@b.test">b</a>',
    );
  });

  it("when the description is Quill's own output, then it is kept as written", () => {
    const quill =
      '<h2 class="ql-align-center">Sobre</h2><p class="ql-indent-1"><em>Texto</em> <u>sublinhado</u> <s>riscado</s><br /></p>' +
      '<ol><li data-list="bullet"><span class="ql-ui"></span>Item</li></ol><ul><li>Outro</li></ul>' +
      '<blockquote>Citação</blockquote><pre class="ql-syntax">const a = 1;</pre><p><code>x</code></p>';

    expect(sanitizeDescription(quill)).toBe(quill);
  });

  it('when a client sends non-breaking spaces, in any spelling, then ordinary spaces are stored and markup is untouched', () => {
    expect(
      sanitizeDescription(
        '<p>Aprenda&nbsp;a&nbsp;<strong>transformar\u00a0dados</strong>&#160;e&#xA0;decidir</p>' +
          '<a href="https://aprendiz.test/a%C2%A0b">link&nbsp;útil</a>',
      ),
    ).toBe(
      '<p>Aprenda a <strong>transformar dados</strong> e decidir</p>' +
        '<a rel="noopener noreferrer" href="https://aprendiz.test/a%C2%A0b">link útil</a>',
    );
  });

  it('when elements carry classes other than Quill ones or unknown list kinds, then those values are dropped', () => {
    // sanitize-html keeps a disallowed value's attribute name, empty; the value itself is gone.
    expect(
      sanitizeDescription('<p class="ql-align-right evil">x</p><li data-list="<b>">y</li>'),
    ).toBe('<p class="ql-align-right">x</p><li data-list>y</li>');
  });
});
